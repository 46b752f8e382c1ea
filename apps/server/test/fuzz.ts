/** The fast-check settings of every fuzz test: a fixed seed and a time guard. */
export { fuzz, FUZZ_SEED } from '../../../packages/forms/src/fuzz-settings';
