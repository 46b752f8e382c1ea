import fs from 'node:fs';

/** CPU time (user + system, ms) of processes by /proc, in ticks of 10 ms; Linux only. */
export function cpuMsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}

/** Resident memory of a process (VmRSS), in MiB; undefined once it has ended. */
export function rssMibOf(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * Samples a process's resident memory every second until stopped; CPU is taken as the
 * difference of two readings (cpuMsOf), which needs no sampling.
 */
export function sampleRss(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const rss = rssMibOf(pid);
    if (rss !== undefined) samples.push(rss);
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return {
        max: samples.reduce((m, v) => Math.max(m, v), 0),
        last: samples.at(-1) ?? 0,
        first: samples[0] ?? 0,
      };
    },
  };
}

/**
 * CPU time of a changing set of processes (PostgreSQL backends come and go with the pool):
 * every second asks `pids()` for the current set and reads each one's CPU time; the total is
 * what each process used between its first and last reading (one that starts meanwhile
 * counts from its first reading, one that ends up to its last).
 */
export function sampleCpuOf(pids: () => Promise<number[]>) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const read = async () => {
    for (const pid of await pids()) {
      const ms = cpuMsOf([pid]);
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  let reading = read();
  const timer = setInterval(() => {
    reading = reading.then(read, read);
  }, 1000);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await reading.then(read, read);
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? ms);
      return total;
    },
  };
}
