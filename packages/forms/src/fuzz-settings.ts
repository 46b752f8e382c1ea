import type { Parameters } from 'fast-check';

/**
 * fast-check settings of the fuzz tests (*.fuzz.test.ts): a fixed seed, so CI runs the same
 * inputs every time (fast-check names the seed and path of a failure, to replay it), and a
 * time guard that ends a property early rather than let a slow parser hang the suite.
 */
export const FUZZ_SEED = 20_261_124;

export const fuzz = <T>(numRuns: number): Parameters<T> => ({
  seed: FUZZ_SEED,
  numRuns,
  interruptAfterTimeLimit: 5_000,
});
