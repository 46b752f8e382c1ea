/**
 * Business constants and limits of spec §9 (and the §3 locale defaults), named, in one place.
 * Later issues (tables, lookups, dialogs, preview) read their numbers from here.
 */
import { DEFAULT_LOCALE as CONTRACT_DEFAULT_LOCALE } from '@listina/contract';

// Tables
export const TABLE_PAGE_SIZE = 300;
export const TABLE_INITIAL_ROWS = 20;
export const TABLE_SEARCH_DEBOUNCE_MS = 300;
export const LOADING_INDICATOR_DELAY_MS = 500;
export const COLUMN_WIDTH_MIN = 10;
export const COLUMN_WIDTH_MAX = 300;

// Lookups
export const LOOKUP_SEARCH_DEBOUNCE_MS = 300;
export const LOOKUP_SCROLL_PAGE_SIZE = 20;
export const CACHE_STALE_MS = 5_000;

// Undo, code loading, focus
export const UNDO_SNACKBAR_MS = 8_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const FOCUS_RETRY_MS = 1_000;

// Shell
export const TOOLBAR_HEIGHT = 48;
/** Above this many organisations the toolbar selector becomes a search box. */
export const ORGANIZATION_SEARCH_THRESHOLD = 10;
/** spec §9 right bar (the document preview beside the form): viewport minus this, clamped. */
export const RIGHT_BAR_VIEWPORT_OFFSET = 800;
export const RIGHT_BAR_MIN_WIDTH = 500;
export const RIGHT_BAR_MAX_WIDTH = 790;
/** The workspace's left sidebar (tiles, new document). */
export const WORK_SIDEBAR_WIDTH = 220;
/**
 * From this viewport width the preview stands beside the form; below it, under the form. At
 * 1280 px the form keeps about 500 px between the sidebar and a 500 px right bar.
 */
export const WIDE_WORKSPACE_MIN_WIDTH = 1280;

/** spec §9: viewport width minus 800, clamped to 500..790. */
export function rightBarWidth(viewportWidth: number): number {
  const width = viewportWidth - RIGHT_BAR_VIEWPORT_OFFSET;
  return Math.min(RIGHT_BAR_MAX_WIDTH, Math.max(RIGHT_BAR_MIN_WIDTH, width));
}

// Dialogs
export const DIALOG_MAX_WIDTH = 400;
export const GRID_DIALOG_MAX_WIDTH = 1400;
export const SCHEMA_DIALOG_MAX_WIDTH = 800;
export const PREVIEW_DIALOG_MAX_WIDTH = 3000;

// Inputs
export const TIME_OPTION_STEP_MINUTES = 15;
export const DEFAULT_COLOR = '#EEEEEE';

// Money and payments
export const DEFAULT_CURRENCY = '€';
export const DEFAULT_PAYMENT_TYPE = 'SEPA_SI';

// Languages
export const DEFAULT_LOCALE = CONTRACT_DEFAULT_LOCALE;

/** spec §3 locale defaults, used until the user's own settings arrive. */
export const LOCALE_DEFAULTS = {
  decimalSeparator: ',',
  thousandSeparator: '.',
  currency: DEFAULT_CURRENCY,
  dateFormat: 'dd.mm.yyyy',
  timeFormat: 'hh:nn',
} as const;

// Preview
export const PREVIEW_WINDOW_WIDTH = 800;
export const PREVIEW_WINDOW_HEIGHT = 600;
/** A file is shown as a preview tab when its visibility equals this value. */
export const PREVIEW_TAB_VISIBILITY = 1;
/** How often the workspace checks whether the preview window was closed (spec §2). */
export const PREVIEW_POPUP_POLL_MS = 500;
/** PDF pages drawn in the preview at most; the rest are in the download. */
export const PREVIEW_PDF_MAX_PAGES = 50;
/** A partner's other documents listed beside the form (GET /api/doc/customerHistory). */
export const CUSTOMER_HISTORY_COUNT = 10;

// Theme: orange on development hosts, blue elsewhere.
export const PRIMARY_COLOR_DEVELOPMENT = '#ef6c00';
export const PRIMARY_COLOR_PRODUCTION = '#1565c0';
