import type { SxProps, Theme } from '@mui/material/styles';

/** Every row has this height, so positions need no measuring (and tests need no layout). */
export const ROW_HEIGHT = 37;

// The icons of MUI's Checkbox and of @mui/icons-material's Check as plain SVG: with the
// styled components, mounting the rows that a scroll brings into view cost twice as much; as
// background images, painting them did (bench/README.md, "Web: the code-list grid").
export const BLANK_BOX_PATH =
  'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
export const CHECKED_BOX_PATH =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
export const CHECK_PATH = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

/**
 * The styles of the grid, set once on the table: body rows are plain elements with class
 * names (see GridRow), so that no row serialises styles of its own.
 */
export function gridStyles(width: number): SxProps<Theme> {
  return (theme) => ({
    tableLayout: 'fixed',
    width,
    outline: 'none',
    '& th': { py: 0.5, px: 1 },
    '& td': {
      height: ROW_HEIGHT,
      boxSizing: 'border-box',
      px: 1,
      py: 0,
      borderBottom: 1,
      borderColor: 'divider',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      typography: 'body2',
    },
    '& td.grid-number': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
    '& td.grid-select': { p: 0, textAlign: 'center' },
    '& td.grid-bool': { textAlign: 'center' },
    '& td svg': { width: 20, height: 20, fill: 'currentColor', verticalAlign: 'middle' },
    // MUI's small Checkbox drawn with plain elements (see GridRow).
    '& .grid-checkbox': {
      position: 'relative',
      display: 'inline-flex',
      verticalAlign: 'middle',
      p: 0.5,
      borderRadius: '50%',
      color: 'text.secondary',
    },
    '& .grid-checkbox:hover': { bgcolor: 'action.hover' },
    '& .grid-checkbox[data-checked]': { color: 'primary.main' },
    '& .grid-checkbox input': {
      position: 'absolute',
      inset: 0,
      width: '100%',
      height: '100%',
      m: 0,
      opacity: 0,
      cursor: 'pointer',
    },
    // The default record's mark (GridRow), as the outlined chip of nested grids.
    '& .grid-default': {
      display: 'inline-block',
      ml: 1,
      px: 0.75,
      border: 1,
      borderColor: 'primary.main',
      borderRadius: 2.5,
      color: 'primary.main',
      typography: 'caption',
      lineHeight: '18px',
      verticalAlign: 'middle',
    },
    '& tbody tr:hover': { bgcolor: 'action.hover' },
    '& tbody tr[aria-selected="true"]': { bgcolor: 'action.selected' },
    '&:focus-visible tr[data-focused] td': {
      boxShadow: `inset 0 2px 0 ${theme.palette.primary.main}, inset 0 -2px 0 ${theme.palette.primary.main}`,
    },
  });
}
