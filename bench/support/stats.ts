import os from 'node:os';

/** Nearest-rank percentile of a sample (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);
export const min = (values: readonly number[]) => Math.min(...values);
export const max = (values: readonly number[]) => Math.max(...values);

export const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '–' : `${Math.round(value)} ms`;

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** What the figures were measured on; printed above every result table. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return [
    `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
    `Node ${process.version}, ${os.type()} ${os.release()}, load average ${load}`,
  ].join('\n');
}
