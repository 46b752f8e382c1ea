import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { metricText } from './metrics';

/** Process figures: memory, heap, CPU seconds, start time, event-loop lag and utilisation. */
export function createProcessMetrics(): { text(): string; stop(): void } {
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  let lastUtilization = performance.eventLoopUtilization();
  const startSeconds = Math.round((Date.now() - performance.now()) / 1000);
  return {
    text() {
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      // Since the previous scrape: what a dashboard plots.
      const utilization = performance.eventLoopUtilization(lastUtilization);
      lastUtilization = performance.eventLoopUtilization();
      const text = [
        metricText('process_resident_memory_bytes', 'gauge', 'Resident memory.', [
          ['', memory.rss],
        ]),
        metricText('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.', [['', memory.heapUsed]]),
        metricText('nodejs_heap_total_bytes', 'gauge', 'V8 heap reserved.', [
          ['', memory.heapTotal],
        ]),
        metricText('process_cpu_seconds_total', 'counter', 'User and system CPU time.', [
          ['', (cpu.user + cpu.system) / 1e6],
        ]),
        metricText('process_start_time_seconds', 'gauge', 'Start, in seconds since the epoch.', [
          ['', startSeconds],
        ]),
        metricText(
          'nodejs_eventloop_lag_seconds',
          'gauge',
          'Event-loop delay since the previous scrape: mean, p99 and max.',
          [
            ['quantile="mean"', nanos(lag.mean)],
            ['quantile="0.99"', nanos(lag.percentile(99))],
            ['quantile="max"', nanos(lag.max)],
          ],
        ),
        metricText(
          'nodejs_eventloop_utilization_ratio',
          'gauge',
          'Share of time the event loop was busy since the previous scrape.',
          [['', utilization.utilization]],
        ),
      ].join('');
      lag.reset();
      return text;
    },
    stop: () => lag.disable(),
  };
}

const nanos = (value: number) => (Number.isFinite(value) ? value / 1e9 : 0);
