/** Complete events ('X') of a Chromium trace (browser.startTracing / stopTracing). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Wall time, µs. */
  dur?: number;
  /** Time the thread ran, µs: what a shared machine disturbs less than wall time. */
  tdur?: number;
}

/**
 * CPU time (thread time, ms) of the page's main thread per trace event name: the renderer
 * thread that dispatched the most events (scroll, message, …).
 */
export function mainThreadCpu(trace: Buffer): Map<string, number> {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const complete = traceEvents.filter((e) => e.ph === 'X');
  const dispatches = new Map<string, number>();
  for (const e of complete) {
    if (e.name === 'EventDispatch') {
      const thread = `${e.pid}:${e.tid}`;
      dispatches.set(thread, (dispatches.get(thread) ?? 0) + 1);
    }
  }
  const [main] = [...dispatches].sort(([, a], [, b]) => b - a)[0] ?? [];
  const cpu = new Map<string, number>();
  for (const e of complete) {
    if (`${e.pid}:${e.tid}` !== main) continue;
    cpu.set(e.name, (cpu.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
  }
  return cpu;
}
