// Spec section 4/5: the four menus toggle independently; any other key is an error.
export const MENU_KEYS = ['menu', 'mainMenu', 'accountMenuOpen', 'cartMenuOpen'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];
export type MenuState = Record<MenuKey, boolean>;

export const CLOSED_MENUS: MenuState = { menu: false, mainMenu: false, accountMenuOpen: false, cartMenuOpen: false };

export function assertMenuKey(key: string): asserts key is MenuKey {
  if (!(MENU_KEYS as readonly string[]).includes(key)) throw new Error('Invalid menu key');
}

export function toggleMenu(state: MenuState, key: string, open?: boolean): MenuState {
  assertMenuKey(key);
  return { ...state, [key]: open ?? !state[key] };
}

export function closeAllMenus(): MenuState {
  return { ...CLOSED_MENUS };
}

/** The main menu adds an overlay class to the page body while open. */
export function bodyHasOverlay(state: MenuState): boolean {
  return state.mainMenu;
}
