/**
 * A screen of the given width for MUI's useMediaQuery, which asks window.matchMedia (jsdom has
 * none, so components see a wide screen unless a test asks for this). Only width queries are
 * answered: MUI's breakpoints are min-width and max-width. Returns the undoing function.
 */
export function screenOfWidth(width: number): () => void {
  const had = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const answer = (query: string): MediaQueryList => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: answer,
  });
  return () => {
    if (had) Object.defineProperty(window, 'matchMedia', had);
    else Reflect.deleteProperty(window, 'matchMedia');
  };
}
