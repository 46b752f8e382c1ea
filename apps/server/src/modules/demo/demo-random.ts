/** Demo data that is the same on every start: a seeded generator. */

/** A small deterministic generator (mulberry32) seeded by a string's FNV-1a hash. */
export function randomFrom(seed: string) {
  let state = 0x811c9dc5;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const value = items[int(0, items.length - 1)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  };
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof randomFrom>;
