/**
 * The payment reference checks live in @listina/forms (references.ts), shared with the
 * browser form; capture reads them from here.
 */
export {
  checkReference,
  REFERENCE_PROBLEMS,
  siCheckDigit,
  splitReference,
  type ReferenceProblem,
  type SplitReference,
} from '@listina/forms';
