/** Complete events ('X') of a Chromium trace (browser.startTracing / stopTracing). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start, µs. */
  ts?: number;
  args?: { data?: { type?: string } };
  /** Wall time, µs. */
  dur?: number;
  /** Time the thread ran, µs: what a shared machine disturbs less than wall time. */
  tdur?: number;
}

/** The renderer thread that dispatched the most events (scroll, message, …): "pid:tid". */
function mainThreadOf(events: TraceEvent[]): string | undefined {
  const dispatches = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'X' && e.name === 'EventDispatch') {
      const thread = `${e.pid}:${e.tid}`;
      dispatches.set(thread, (dispatches.get(thread) ?? 0) + 1);
    }
  }
  return [...dispatches].sort(([, a], [, b]) => b - a)[0]?.[0];
}

/**
 * CPU time (thread time, ms) of the page's main thread per trace event name: the renderer
 * thread that dispatched the most events (scroll, message, …).
 */
export function mainThreadCpu(trace: Buffer): Map<string, number> {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const complete = traceEvents.filter((e) => e.ph === 'X');
  const main = mainThreadOf(complete);
  const cpu = new Map<string, number>();
  for (const e of complete) {
    if (`${e.pid}:${e.tid}` !== main) continue;
    cpu.set(e.name, (cpu.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
  }
  return cpu;
}

/** One task of the page's main thread. */
export interface MainTask {
  /** Thread time, ms. */
  cpuMs: number;
  wallMs: number;
  /** The task dispatched a scroll event (it ran the grid's scroll handler). */
  isScroll: boolean;
}

/** The top-level tasks (RunTask) of the page's main thread, in order. */
export function mainThreadTasks(trace: Buffer): MainTask[] {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const main = mainThreadOf(traceEvents);
  const events = traceEvents
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main)
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const tasks: (MainTask & { end: number })[] = [];
  for (const e of events) {
    const start = e.ts ?? 0;
    const task = tasks[tasks.length - 1];
    if (task && start < task.end) {
      if (e.name === 'EventDispatch' && e.args?.data?.type === 'scroll') task.isScroll = true;
    } else if (e.name === 'RunTask') {
      const end = start + (e.dur ?? 0);
      tasks.push({
        cpuMs: (e.tdur ?? 0) / 1000,
        wallMs: (e.dur ?? 0) / 1000,
        isScroll: false,
        end,
      });
    }
  }
  return tasks.map(({ cpuMs, wallMs, isScroll }) => ({ cpuMs, wallMs, isScroll }));
}
