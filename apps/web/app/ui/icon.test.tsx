import * as lucide from 'lucide-react';
import { __iconData as batteryCharging } from 'lucide-react/icons/battery-charging';
import { __iconData as check } from 'lucide-react/icons/check';
import { __iconData as gauge } from 'lucide-react/icons/gauge';
import { __iconData as globe } from 'lucide-react/icons/globe';
import { __iconData as link2 } from 'lucide-react/icons/link-2';
import { __iconData as menu } from 'lucide-react/icons/menu';
import { __iconData as rotateCcw } from 'lucide-react/icons/rotate-ccw';
import { __iconData as shoppingBag } from 'lucide-react/icons/shopping-bag';
import { __iconData as user } from 'lucide-react/icons/user';
import { __iconData as wrench } from 'lucide-react/icons/wrench';
import { __iconData as x } from 'lucide-react/icons/x';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type IconProps, staticIcon } from './icon.tsx';

/** The icons drawn with `staticIcon` (header, home, configurator), by lucide-react's component name. */
const ICONS = {
  BatteryCharging: batteryCharging,
  Check: check,
  Gauge: gauge,
  Globe: globe,
  Link2: link2,
  Menu: menu,
  RotateCcw: rotateCcw,
  ShoppingBag: shoppingBag,
  User: user,
  Wrench: wrench,
  X: x,
};

const LOOKS: IconProps[] = [
  { size: 16, 'aria-hidden': 'true' },
  { size: 22, 'aria-hidden': 'true' },
  { size: 28, 'aria-hidden': 'true', className: 'text-neutral-900' },
  { size: 18, strokeWidth: 3, className: ' animate-spin  text-lime-300 ', 'aria-hidden': 'true' },
  {},
];

describe('staticIcon', () => {
  for (const [name, module] of Object.entries(ICONS)) {
    it(`draws ${name} as lucide-react does, byte for byte`, () => {
      const Icon = staticIcon(module);
      const Lucide = (lucide as unknown as Record<string, ComponentType<IconProps>>)[name];
      expect(Lucide).toBeDefined();
      if (!Lucide) return;
      for (const look of LOOKS) {
        const ours = renderToStaticMarkup(<Icon {...look} />);
        expect(ours).toBe(renderToStaticMarkup(<Lucide {...look} />));
        // Drawn again from memory: the same markup.
        expect(renderToStaticMarkup(<Icon {...look} />)).toBe(ours);
      }
    });
  }
});
