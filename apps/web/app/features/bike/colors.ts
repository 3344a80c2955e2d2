// The paint of each colour option, for the recoloured bike illustration (stock bikes, configurator).

/** Hex colour of each colour option, by option id. */
export const BIKE_COLORS: Readonly<Record<string, string>> = {
  varg_option_red: '#e11d2a',
  varg_option_white: '#f4f4f5',
  varg_option_grey: '#71717a',
};

/** The colour of the default (red) bike, used when a configuration names no known colour. */
export const DEFAULT_BIKE_COLOR = '#e11d2a';

/** The paint of a configuration: the first of its option ids that is a colour, else the default red. */
export function bikeColor(optionIds: readonly string[]): string {
  for (const id of optionIds) {
    const color = BIKE_COLORS[id];
    if (color) return color;
  }
  return DEFAULT_BIKE_COLOR;
}
