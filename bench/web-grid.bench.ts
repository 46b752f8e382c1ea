/**
 * The code-list grid in a real browser (Debian's Chromium, headless, 1280×1000) against the
 * real server (`node apps/server/dist/main.js`, fresh data directory, demo seed, serving a
 * copy of apps/web/dist), with N partners (10,000 by default) imported into a fresh
 * organisation:
 *
 *   1. navigation to /o/{org}/cl/partner → the first 20 rows painted, and the time from the
 *      list response (GET /api/cl/partner, a page of 300) arriving to those rows in the DOM
 *      and painted; on a first visit (empty cache) and a repeat visit (scripts cached);
 *   2. scrolling the grid's scroll box steadily from the first row to the last (the grid
 *      loads pages of 300 on the way) at each speed: animation-frame intervals, long tasks,
 *      and the long animation frames with the scripts that ran in them;
 *   3. main-thread CPU time per frame for fixed scroll steps, from a Chromium trace (thread
 *      time, which a shared machine disturbs less than wall time), and of the tasks that run
 *      while the next page of 300 rows is asked for and arrives.
 *
 * Also: the JavaScript the server sends for /account/login, as the browser receives it.
 *
 *   npm run build && npx tsx bench/web-grid.bench.ts
 *   npx tsx bench/web-grid.bench.ts --rows 10000 --runs 5 --scroll-runs 3 --speeds 200,2000
 *   npx tsx bench/web-grid.bench.ts --web-dist /tmp/other-build   # compare another web build
 *   npx tsx bench/web-grid.bench.ts --parts cpu --rows 1000   # only some parts, while iterating
 */
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { launchChromium, scriptsOfPage, signedInContext } from './support/browser';
import {
  callTiming,
  firstRows,
  scrollGrid,
  scrollToNextPage,
  stepScroll,
  watchFirstRows,
  type FirstRows,
  type ScrollResult,
} from './support/grid-probes';
import { importPartners, newOrganization, type ApiSession } from './support/listina-api';
import { removeDir, startServer, tempDataDir, type StartedServer } from './support/server';
import { machine, markdownTable, max, median, ms, percentile } from './support/stats';
import { mainThreadCpu, mainThreadTasks } from './support/trace';
import { snapshotWebDist } from './support/web-dist';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    'scroll-runs': { type: 'string', default: '3' },
    /** Scroll speeds in rows per second (a row is 37 px). */
    speeds: { type: 'string', default: '200,2000' },
    /** Fixed scroll steps, in rows a frame, of the CPU measurement. */
    steps: { type: 'string', default: '3,10,40' },
    /** Another build of apps/web to serve (vite build --outDir …), to compare two versions. */
    'web-dist': { type: 'string' },
    /** The parts to run: first (rows), cpu (per frame), scroll, login (scripts). */
    parts: { type: 'string', default: 'first,cpu,scroll,login' },
  },
});
const rowCount = Number(args.rows);
const runs = Number(args.runs);
const scrollRuns = Number(args['scroll-runs']);
const speeds = (args.speeds ?? '').split(',').map(Number);
const steps = (args.steps ?? '').split(',').map(Number);
const parts = new Set((args.parts ?? '').split(','));
const TABLE = 'partner';
const FIRST_ROWS = 20;
/** ROW_HEIGHT of apps/web/src/schema-ui/grid/grid-body.tsx. */
const ROW_PX = 37;
const STEP_FRAMES = 120;
/** Pages of 300 loaded one after the other by the page-arrival measurement. */
const ARRIVING_PAGES = 5;
const TARGET = { dataToPaintMs: 300, frameMs: 50 };

interface FirstRowsSample extends FirstRows {
  listRequestStart: number;
  listResponseEnd: number;
}

const gridUrl = (session: ApiSession) => `${session.url}/o/${session.organizationId}/cl/${TABLE}`;

/** Opens the grid in a new page and waits for its first rows painted. */
async function openGrid(context: BrowserContext, session: ApiSession) {
  const page = await context.newPage();
  await page.addInitScript(watchFirstRows, FIRST_ROWS);
  await page.goto(gridUrl(session));
  return { page, sample: await readFirstRows(page) };
}

async function readFirstRows(page: Page): Promise<FirstRowsSample> {
  const probe = await page.evaluate(firstRows);
  const list = await page.evaluate(callTiming, `/api/cl/${TABLE}`);
  return { ...probe, listRequestStart: list.requestStart, listResponseEnd: list.responseEnd };
}

/** 1. Navigation → first rows, on a first and a repeat visit of each fresh context. */
async function measureFirstRows(browser: Browser, session: ApiSession): Promise<string> {
  const visits = { first: [] as FirstRowsSample[], repeat: [] as FirstRowsSample[] };
  for (let run = 0; run < runs; run++) {
    const context = await signedInContext(browser, session);
    const { page, sample } = await openGrid(context, session);
    visits.first.push(sample);
    await page.goto(gridUrl(session));
    visits.repeat.push(await readFirstRows(page));
    await context.close();
    process.stdout.write(`  first rows #${run + 1}: painted at ${ms(sample.rowsPainted)}\n`);
  }
  const row = (label: string, samples: FirstRowsSample[]) => {
    const of = (pick: (s: FirstRowsSample) => number) => median(samples.map(pick));
    const dataToPaint = samples.map((s) => s.rowsPainted - s.listResponseEnd);
    return [
      label,
      String(samples.length),
      ms(of((s) => s.listResponseEnd)),
      ms(of((s) => s.listResponseEnd - s.listRequestStart)),
      ms(of((s) => s.rowsInDom - s.listResponseEnd)),
      ms(median(dataToPaint)),
      ms(max(dataToPaint)),
      ms(of((s) => s.rowsPainted)),
      String(of((s) => s.rowsShown)),
      max(dataToPaint) < TARGET.dataToPaintMs ? 'yes' : 'no',
    ];
  };
  return markdownTable(
    [
      'visit',
      'runs',
      'navigation → list arrived',
      'list call',
      'list → rows in DOM',
      'list → rows painted',
      'worst',
      'navigation → rows painted',
      'rows in DOM',
      `all < ${TARGET.dataToPaintMs} ms`,
    ],
    [
      row('first visit (empty cache)', visits.first),
      row('repeat visit (scripts cached)', visits.repeat),
    ],
  );
}

/** 2. Scrolling from the first row to the last, `scrollRuns` times at one speed. */
async function measureScroll(browser: Browser, session: ApiSession, rowsPerSecond: number) {
  const results: ScrollResult[] = [];
  const context = await signedInContext(browser, session);
  for (let run = 0; run < scrollRuns; run++) {
    const { page } = await openGrid(context, session);
    await page.waitForTimeout(500);
    const result = await page.evaluate(scrollGrid, {
      rowsPerSecond,
      totalRows: rowCount,
      timeoutMs: 30_000 + (rowCount / rowsPerSecond) * 3000,
    });
    if (!result.endedAtBottom) throw new Error(`scroll timed out at row ${result.lastRow}`);
    results.push(result);
    await page.close();
    process.stdout.write(
      `  scroll ${rowsPerSecond} rows/s #${run + 1}: longest frame ${ms(max(result.frames))}\n`,
    );
  }
  await context.close();
  return results;
}

function scrollRow(rowsPerSecond: number, results: ScrollResult[]): string[] {
  const of = (pick: (r: ScrollResult) => number) => median(results.map(pick));
  const over = results.map((r) => r.frames.filter((f) => f > TARGET.frameMs).length);
  const longest = results.map((r) => max(r.frames));
  const medianFrame = of((r) => median(r.frames));
  return [
    `${rowsPerSecond} rows/s (${((rowsPerSecond * ROW_PX) / 1000).toFixed(1)} px/ms)`,
    String(results.length),
    ms(of((r) => r.durationMs)),
    ms(of((r) => r.stalledMs)),
    String(of((r) => r.frames.length)),
    ((rowsPerSecond * medianFrame) / 1000).toFixed(1),
    ms(medianFrame),
    ms(of((r) => percentile(r.frames, 95))),
    `${ms(median(longest))} / ${ms(max(longest))}`,
    `${median(over)} / ${over.reduce((a, b) => a + b, 0)}`,
    String(of((r) => r.longTasks.length)),
    max(longest) <= TARGET.frameMs ? 'yes' : 'no',
  ];
}

/** The long animation frames of all runs, grouped by the script that ran longest in each. */
function longFrameCauses(results: ScrollResult[]): string[][] {
  const causes = new Map<
    string,
    { frames: number; total: number; scripts: number; layout: number }
  >();
  for (const frame of results.flatMap((r) => r.longFrames)) {
    const main = [...frame.scripts].sort((a, b) => b.duration - a.duration)[0];
    const key = main ? `${main.invoker} → ${main.source}` : '(no script)';
    const cause = causes.get(key) ?? { frames: 0, total: 0, scripts: 0, layout: 0 };
    cause.frames += 1;
    cause.total += frame.duration;
    cause.scripts += frame.scripts.reduce((sum, script) => sum + script.duration, 0);
    cause.layout += frame.styleAndLayoutMs;
    causes.set(key, cause);
  }
  return [...causes]
    .sort(([, a], [, b]) => b.total - a.total)
    .slice(0, 5)
    .map(([key, c]) => [
      key,
      String(c.frames),
      ms(c.total / c.frames),
      ms(c.scripts / c.frames),
      ms(c.layout / c.frames),
    ]);
}

/**
 * 3. Main-thread CPU per frame while the grid scrolls by a fixed number of rows each frame
 * (inside the first page, so no page loads): the scroll handler (the virtualizer, React's
 * render and commit), style, layout and paint.
 */
async function measureCpuPerFrame(browser: Browser, session: ApiSession): Promise<string> {
  const context = await signedInContext(browser, session);
  const { page } = await openGrid(context, session);
  await page.waitForTimeout(500);
  const rows: string[][] = [];
  for (const rowsPerFrame of steps) {
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    // Rows up to 200 and the ~40 around them stay below the grid's next-page mark (row 250).
    const frames = await page.evaluate(stepScroll, {
      rowsPerFrame,
      frames: STEP_FRAMES,
      maxRow: 200,
    });
    const cpu = mainThreadCpu(await browser.stopTracing());
    const perFrame = (name: string) => ((cpu.get(name) ?? 0) / frames.length).toFixed(1);
    const names = ['RunTask', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'Paint'];
    rows.push([
      String(rowsPerFrame),
      String(frames.length),
      ...names.map(perFrame),
      ms(median(frames)),
    ]);
  }
  await context.close();
  return markdownTable(
    [
      'rows a frame',
      'frames',
      'CPU ms a frame',
      'scroll handler (React)',
      'style',
      'layout',
      'paint',
      'median frame (wall)',
    ],
    rows,
  );
}

/**
 * 3b. The main-thread tasks while the next page is asked for and arrives: the grid jumps to
 * 20 rows above the end of the loaded rows (that frame, a new window of rows, is left out:
 * it is the 40-rows-a-frame case above), then loads the next page and shows it. Each task
 * over 50 ms of CPU is a frame over 50 ms whatever the load.
 */
async function measurePageArrival(browser: Browser, session: ApiSession): Promise<string> {
  const context = await signedInContext(browser, session);
  const { page } = await openGrid(context, session);
  await page.waitForTimeout(500);
  const longest: number[] = [];
  const totals: number[] = [];
  const waits: number[] = [];
  const pages = Math.min(ARRIVING_PAGES, Math.ceil(rowCount / 300) - 1);
  for (let n = 0; n < pages; n++) {
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    const waited = await page.evaluate(scrollToNextPage, { rowsBeforeEnd: 20, timeoutMs: 10_000 });
    const tasks = mainThreadTasks(await browser.stopTracing()).filter((task) => !task.isScroll);
    if (waited < 0) throw new Error(`page ${n + 2} did not arrive`);
    waits.push(waited);
    longest.push(max(tasks.map((task) => task.cpuMs)));
    totals.push(tasks.reduce((sum, task) => sum + task.cpuMs, 0));
  }
  await context.close();
  const cpu = (value: number) => value.toFixed(1);
  return markdownTable(
    [
      'pages of 300',
      'scroll → rows arrived (median)',
      'longest task, CPU ms (median / worst)',
      'all tasks, CPU ms (median)',
    ],
    [
      [
        `${pages} (rows 301–${Math.min(rowCount, 300 * (pages + 1))})`,
        ms(median(waits)),
        `${cpu(median(longest))} / ${cpu(max(longest))}`,
        cpu(median(totals)),
      ],
    ],
  );
}

async function loginScriptsTable(browser: Browser, url: string): Promise<string> {
  const received = await scriptsOfPage(
    browser,
    `${url}/account/login`,
    '[data-testid="login-username"]',
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return markdownTable(
    ['/account/login', 'scripts', 'bytes received', 'decoded', 'content-encoding'],
    [
      [
        'real server',
        String(received.count),
        kb(received.encoded),
        kb(received.decoded),
        received.encodings.join(', '),
      ],
    ],
  );
}

function scrollTables(scrolls: [number, ScrollResult[]][]): string {
  const speedTable = markdownTable(
    [
      'speed',
      'runs',
      'duration',
      'waiting for pages',
      'frames',
      'rows a frame',
      'median frame',
      'p95 frame',
      'longest frame (median / worst run)',
      'frames over 50 ms (median / all runs)',
      'long tasks',
      'no frame over 50 ms',
    ],
    scrolls.map(([speed, results]) => scrollRow(speed, results)),
  );
  const causeTable = markdownTable(
    ['speed', 'invoker → function in file', 'frames', 'mean frame', 'scripts', 'style and layout'],
    scrolls.flatMap(([speed, results]) =>
      longFrameCauses(results).map((row) => [`${speed} rows/s`, ...row]),
    ),
  );
  return `${speedTable}\n\nWhat ran in the frames over 50 ms (Long Animation Frames), by the longest script:\n\n${causeTable}`;
}

async function main() {
  const dataDir = tempDataDir('web-grid');
  const webDist = snapshotWebDist(args['web-dist']);
  let server: StartedServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1', WEB_DIST: webDist } });
    const session = await newOrganization(server.url, 'Bench grid');
    const importStarted = performance.now();
    await importPartners(session, rowCount);
    const imported = ms(performance.now() - importStarted);
    process.stdout.write(`  imported ${rowCount} partners in ${imported}\n`);
    browser = await launchChromium();
    const header = `Chromium ${browser.version()} headless, viewport 1280×1000\n${machine()}`;

    const loginScripts = parts.has('login') && (await loginScriptsTable(browser, server.url));
    const firstRowsTable = parts.has('first') && (await measureFirstRows(browser, session));
    const cpuTable = parts.has('cpu') && (await measureCpuPerFrame(browser, session));
    const pagesTable = parts.has('cpu') && (await measurePageArrival(browser, session));
    const scrolls: [number, ScrollResult[]][] = [];
    for (const speed of parts.has('scroll') ? speeds : []) {
      scrolls.push([speed, await measureScroll(browser, session, speed)]);
    }

    console.log(`\n${header}\nat the end: ${machine().split('\n')[1]}`);
    if (firstRowsTable) {
      console.log(`\n### First ${FIRST_ROWS} rows of /o/{org}/cl/${TABLE} (pages of 300)\n`);
      console.log(firstRowsTable);
    }
    if (scrolls.length > 0) {
      console.log(`\n### Scrolling ${rowCount} rows from the first to the last\n`);
      console.log(scrollTables(scrolls));
    }
    if (cpuTable) {
      console.log(`\n### Main-thread CPU per frame, scrolling a fixed number of rows a frame\n`);
      console.log(cpuTable);
      console.log(`\nWhile the next page is asked for and arrives (main-thread tasks):\n`);
      console.log(pagesTable);
    }
    if (loginScripts) {
      console.log(`\n### JavaScript of the login route over the wire\n`);
      console.log(loginScripts);
    }
  } finally {
    await browser?.close();
    await server?.stop();
    removeDir(dataDir);
    removeDir(webDist);
  }
}

await main();
