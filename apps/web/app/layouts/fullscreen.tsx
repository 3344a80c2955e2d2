import { Outlet } from 'react-router';

/** No chrome at all: the page owns the whole viewport (configurators, auction). */
export default function FullscreenLayout() {
  return (
    <div className="min-h-dvh">
      <Outlet />
    </div>
  );
}
