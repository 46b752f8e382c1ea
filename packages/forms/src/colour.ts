/** spec §5 and §9: colours are #RRGGBB, default #EEEEEE. */
export const DEFAULT_COLOUR = '#EEEEEE';

/** spec §5: text on a colour is black above this brightness, else white. */
export const BRIGHTNESS_THRESHOLD = 186;

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** spec §5: valid when '#' is followed by six hex digits (either case). */
export function isValidColour(value: unknown): value is string {
  return typeof value === 'string' && COLOUR.test(value);
}

/** The colour in upper case, or the default colour when it is not valid. */
export function normaliseColour(value: unknown): string {
  return isValidColour(value) ? value.toUpperCase() : DEFAULT_COLOUR;
}

/** spec §5: 0.299 R + 0.587 G + 0.114 B, from 0 to 255; an invalid colour counts as the default. */
export function colourBrightness(value: unknown): number {
  const colour = normaliseColour(value);
  const channel = (start: number): number => parseInt(colour.slice(start, start + 2), 16);
  return 0.299 * channel(1) + 0.587 * channel(3) + 0.114 * channel(5);
}

/** spec §5: black text when the brightness exceeds 186, else white. */
export function contrastTextColour(background: unknown): '#000000' | '#FFFFFF' {
  return colourBrightness(background) > BRIGHTNESS_THRESHOLD ? '#000000' : '#FFFFFF';
}

/** A random #RRGGBB (upper case), e.g. for a new tile or tag; `random` as Math.random. */
export function randomColour(random: () => number = Math.random): string {
  const value = Math.min(0xffffff, Math.floor(random() * 0x1000000));
  return `#${value.toString(16).padStart(6, '0').toUpperCase()}`;
}
