import { createTheme, type Theme } from '@mui/material/styles';
import { PRIMARY_COLOR_DEVELOPMENT, PRIMARY_COLOR_PRODUCTION, TOOLBAR_HEIGHT } from './constants';

/** spec §9: development hosts get an orange primary colour so nobody mistakes them for production. */
export function isDevelopmentHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '[::1]' ||
    host === '::1' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local')
  );
}

export function primaryColorFor(hostname: string): string {
  return isDevelopmentHost(hostname) ? PRIMARY_COLOR_DEVELOPMENT : PRIMARY_COLOR_PRODUCTION;
}

/** A finger rather than a mouse: phones and tablets. */
const COARSE_POINTER = '@media (pointer: coarse)';

export function createAppTheme(hostname: string): Theme {
  return createTheme({
    palette: { primary: { main: primaryColorFor(hostname) } },
    components: {
      // Issue 26: on a touch screen every control a finger taps is at least 44 px high (and
      // icon buttons as wide); a mouse keeps the denser desktop sizes.
      MuiButton: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
      MuiIconButton: {
        styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44, minWidth: 44 } } },
      },
      MuiListItemButton: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
      MuiMenuItem: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
      MuiTab: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
      MuiToolbar: {
        styleOverrides: {
          root: {
            minHeight: TOOLBAR_HEIGHT,
            '@media (min-width:0px)': { minHeight: TOOLBAR_HEIGHT },
          },
        },
      },
    },
  });
}
