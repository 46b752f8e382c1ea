/**
 * Sums a V8 CPU profile (node --cpu-prof) by self time: the functions, and the files or
 * packages, the time went to; with a third argument, only the samples of the profile's last
 * so many seconds (the measured window of bench/load.bench.ts, without start-up and seeding).
 *
 *   npx tsx bench/support/cpu-profile.ts file.cpuprofile [rows] [last seconds]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rows = '30', lastSeconds] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile.ts file.cpuprofile [rows]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const times: number[] = [];
profile.timeDeltas.reduce((at, delta) => (times.push(at + delta), at + delta), 0);
const from = lastSeconds ? (times.at(-1) ?? 0) - Number(lastSeconds) * 1e6 : -Infinity;
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  if ((times[i] ?? 0) >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return url;
  return url ? url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/') : '(native/vm)';
};
const sum = (key: (n: ProfileNode) => string) => {
  const totals = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (node) totals.set(key(node), (totals.get(key(node)) ?? 0) + us);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(rows));
};
const show = (title: string, list: [string, number][]) => {
  console.log(`\n${title}`);
  for (const [name, us] of list)
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    );
};
console.log(`${(total / 1000).toFixed(0)} ms sampled`);
show(
  'by package or file',
  sum((n) => where(n.callFrame.url)),
);
show(
  'by function',
  sum(
    (n) =>
      `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
  ),
);
