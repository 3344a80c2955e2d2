import { useEffect, useState } from 'react';

/** True once the page runs in the browser (false in the server's render and in the hydrating render). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
