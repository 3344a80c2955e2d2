// lucide-react's per-icon modules (`lucide-react/icons/<name>`) export the icon's shapes beside its component, as
// `__iconData`; their one shared type file names only the component. `staticIcon` (icon.tsx) draws from the shapes.
// Augmenting one icon's module augments that shared file, so every icon module gets the export.
import type { IconData } from './icon.tsx';

declare module 'lucide-react/icons/x' {
  export const __iconData: IconData;
}
