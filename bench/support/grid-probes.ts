/**
 * Code that runs in the page (page.addInitScript, page.evaluate): it is sent as source text,
 * so each function uses nothing from outside its own body. Times are the page's
 * performance.now(), milliseconds since the navigation started.
 */

// The page globals used below, declared for this file only: bench/tsconfig.json has no DOM
// library, and adding it to the program changes Node's Blob and fetch types elsewhere.
interface PageElement {
  readonly parentElement: PageElement | null;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  scrollTop: number;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getBoundingClientRect(): { height: number };
}
interface PageEntry {
  readonly name: string;
  readonly startTime: number;
  readonly duration: number;
}
interface ResourceEntry extends PageEntry {
  readonly requestStart: number;
  readonly responseEnd: number;
  readonly encodedBodySize: number;
  readonly decodedBodySize: number;
}
interface LoafScript {
  readonly invoker: string;
  readonly invokerType: string;
  readonly sourceURL: string;
  readonly sourceFunctionName: string;
  readonly duration: number;
}
/** A Long Animation Frame entry (Chromium): a frame over 50 ms and the scripts in it. */
interface LoafEntry extends PageEntry {
  readonly renderStart: number;
  readonly styleAndLayoutStart: number;
  readonly scripts: readonly LoafScript[];
}
declare const window: object;
declare const document: PageElement;
declare const performance: {
  now(): number;
  getEntriesByType(type: 'resource'): ResourceEntry[];
};
declare function requestAnimationFrame(callback: (now: number) => void): number;
declare function getComputedStyle(element: PageElement): { overflowY: string };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
  disconnect(): void;
}
declare class MessageChannel {
  readonly port1: { onmessage: (() => unknown) | null };
  readonly port2: { postMessage(message: unknown): void };
}
declare class PerformanceObserver {
  constructor(callback: (list: { getEntries(): PageEntry[] }) => void);
  observe(options: { type: 'longtask' | 'long-animation-frame' }): void;
  disconnect(): void;
}

export interface FirstRows {
  /** The MutationObserver saw `count` grid rows in the DOM (React's commit). */
  rowsInDom: number;
  /** The task after the next frame: the rows have been painted. */
  rowsPainted: number;
  rowsShown: number;
}

/** Init script: window.__benchFirstRows resolves once `count` grid rows exist and are painted. */
export function watchFirstRows(count: number): void {
  (window as { __benchFirstRows?: Promise<FirstRows> }).__benchFirstRows = new Promise(
    (resolve) => {
      const observer = new MutationObserver(() => {
        const rowsShown = document.querySelectorAll(
          '[data-testid="grid-table"] [data-testid="grid-row"]',
        ).length;
        if (rowsShown < count) return;
        observer.disconnect();
        const rowsInDom = performance.now();
        // requestAnimationFrame runs in the frame that shows the rows; a message posted from
        // there is handled after that frame is painted.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () =>
            resolve({ rowsInDom, rowsPainted: performance.now(), rowsShown });
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document, { childList: true, subtree: true });
    },
  );
}

/** What watchFirstRows saw (waits for it). */
export function firstRows(): Promise<FirstRows> {
  return (window as { __benchFirstRows: Promise<FirstRows> }).__benchFirstRows;
}

/** Resource timing of the first call to `pathname` (request sent, last byte received). */
export function callTiming(pathname: string): { requestStart: number; responseEnd: number } {
  const entry = performance
    .getEntriesByType('resource')
    .find((e) => new URL(e.name).pathname === pathname);
  if (!entry) throw new Error(`no ${pathname} in the page's resource timing`);
  return { requestStart: entry.requestStart, responseEnd: entry.responseEnd };
}

/** Body sizes of the scripts the page loaded: as received and decoded. */
export function scriptSizes(): { encoded: number; decoded: number }[] {
  return performance
    .getEntriesByType('resource')
    .filter((e) => e.name.endsWith('.js'))
    .map((e) => ({ encoded: e.encodedBodySize, decoded: e.decodedBodySize }));
}

export interface ScrollOptions {
  rowsPerSecond: number;
  /** Rows of the table: the scroll ends at its last row, once every page is loaded. */
  totalRows: number;
  timeoutMs: number;
}

export interface LongFrame {
  start: number;
  duration: number;
  /** Scripts that ran in the frame: what started them and the function and file. */
  scripts: { invoker: string; source: string; duration: number }[];
  /** From the start of rendering (rAF callbacks, style, layout) to the frame's end. */
  renderMs: number;
  styleAndLayoutMs: number;
}

export interface ScrollResult {
  /** Intervals between animation frames while scrolling. */
  frames: number[];
  longTasks: number[];
  /** Long animation frames (over 50 ms) with what ran in them. */
  longFrames: LongFrame[];
  /** Time spent at the end of the loaded rows, waiting for the next page. */
  stalledMs: number;
  durationMs: number;
  /** Row number of the last row in the DOM at the end (the table's last row if complete). */
  lastRow: number;
  endedAtBottom: boolean;
}

/**
 * Scrolls the grid's scroll box steadily from the top to the last row, moving
 * `rowsPerSecond × frame interval` each animation frame (so a slow frame jumps further, as
 * a fling does) and waiting at the end of the loaded rows while the next page loads.
 * Every frame is recorded, also those spent waiting.
 */
export async function scrollGrid(options: ScrollOptions): Promise<ScrollResult> {
  const table = document.querySelector('[data-testid="grid-table"]');
  const box = table?.parentElement;
  const firstRow = table?.querySelector('[data-testid="grid-row"]');
  if (!table || !box || !firstRow) throw new Error('no grid with rows on the page');
  if (getComputedStyle(box).overflowY !== 'auto') throw new Error('grid scroll box not found');
  const speed = (options.rowsPerSecond * firstRow.getBoundingClientRect().height) / 1000;

  const longTasks: number[] = [];
  const longFrames: LongFrame[] = [];
  const taskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  taskObserver.observe({ type: 'longtask' });
  const frameObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LoafEntry[]) {
      const end = entry.startTime + entry.duration;
      longFrames.push({
        start: entry.startTime,
        duration: entry.duration,
        scripts: entry.scripts.map((script) => ({
          invoker: `${script.invokerType} ${script.invoker}`,
          // No URL: code of page.evaluate, this file's scroll step.
          source: script.sourceURL
            ? `${script.sourceFunctionName || '(anonymous)'} in ${script.sourceURL.replace(/^.*\//, '')}`
            : '(the scroll step of this benchmark)',
          duration: script.duration,
        })),
        renderMs: entry.renderStart > 0 ? end - entry.renderStart : 0,
        styleAndLayoutMs: entry.styleAndLayoutStart > 0 ? end - entry.styleAndLayoutStart : 0,
      });
    }
  });
  frameObserver.observe({ type: 'long-animation-frame' });

  const isComplete = () => table.getAttribute('aria-rowcount') === String(options.totalRows + 1);
  const frames: number[] = [];
  let stalledMs = 0;
  const started = performance.now();
  let last = started;
  let position = 0;
  const endedAtBottom = await new Promise<boolean>((resolve) => {
    // The scroll is set after each frame is painted, when layout is clean, as input arrives
    // between frames: the next frame runs the grid's scroll handler, then style and layout.
    const afterPaint = new MessageChannel();
    let interval = 0;
    afterPaint.port1.onmessage = () => {
      const bottom = box.scrollHeight - box.clientHeight;
      if (position >= bottom) {
        if (isComplete()) return resolve(true);
        stalledMs += interval;
      }
      if (performance.now() - started > options.timeoutMs) return resolve(false);
      position = Math.min(bottom, position + speed * interval);
      box.scrollTop = position;
      requestAnimationFrame(frame);
    };
    const frame = (now: number) => {
      interval = now - last;
      frames.push(interval);
      last = now;
      afterPaint.port2.postMessage(null);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(frame);
    });
  });
  // The entries of the last frames are delivered after them.
  await new Promise((resolve) => setTimeout(resolve, 200));
  taskObserver.disconnect();
  frameObserver.disconnect();
  const rows = table.querySelectorAll('[data-testid="grid-row"]');
  return {
    frames,
    longTasks,
    longFrames,
    stalledMs,
    durationMs: performance.now() - started,
    lastRow: Number(rows[rows.length - 1]?.getAttribute('aria-rowindex') ?? 1) - 1,
    endedAtBottom,
  };
}

export interface StepOptions {
  rowsPerFrame: number;
  frames: number;
  /** The steps stay above this row, inside the first page, so that no page loads. */
  maxRow: number;
}

/**
 * Scrolls by exactly `rowsPerFrame` rows after each of `frames` frames (from the top down to
 * `maxRow`, then from the top again) and returns the frame intervals: the same work each
 * frame, whatever the frame rate.
 */
export async function stepScroll(options: StepOptions): Promise<number[]> {
  const table = document.querySelector('[data-testid="grid-table"]');
  const box = table?.parentElement;
  const firstRow = table?.querySelector('[data-testid="grid-row"]');
  if (!box || !firstRow) throw new Error('no grid with rows on the page');
  const rowHeight = firstRow.getBoundingClientRect().height;
  const frames: number[] = [];
  let row = 0;
  let last = 0;
  await new Promise<void>((resolve) => {
    const afterPaint = new MessageChannel();
    afterPaint.port1.onmessage = () => {
      if (frames.length >= options.frames) return resolve();
      row = row + options.rowsPerFrame > options.maxRow ? 0 : row + options.rowsPerFrame;
      box.scrollTop = row * rowHeight;
      requestAnimationFrame(frame);
    };
    const frame = (now: number) => {
      if (last > 0) frames.push(now - last);
      last = now;
      afterPaint.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  });
  box.scrollTop = 0;
  return frames;
}

export interface NextPageOptions {
  /** Rows above the end of the loaded ones to scroll to: near enough to load the next page. */
  rowsBeforeEnd: number;
  timeoutMs: number;
}

/**
 * Scrolls the grid to `rowsBeforeEnd` rows above the end of the loaded rows in one step and
 * waits until the next page's rows have made the table taller, then 300 ms more (effects,
 * timers). Returns the time from the scroll to the taller table, or -1 on timeout.
 */
export async function scrollToNextPage(options: NextPageOptions): Promise<number> {
  const table = document.querySelector('[data-testid="grid-table"]');
  const box = table?.parentElement;
  const firstRow = table?.querySelector('[data-testid="grid-row"]');
  if (!box || !firstRow) throw new Error('no grid with rows on the page');
  const rowHeight = firstRow.getBoundingClientRect().height;
  const height = box.scrollHeight;
  const started = performance.now();
  box.scrollTop = height - box.clientHeight - options.rowsBeforeEnd * rowHeight;
  const waited = await new Promise<number>((resolve) => {
    const check = () => {
      if (box.scrollHeight > height) resolve(performance.now() - started);
      else if (performance.now() - started > options.timeoutMs) resolve(-1);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return waited;
}
