import { useState } from 'react';
import type { ApiMessage, ImportResponse } from '@listina/contract';
import { isApiRequestError } from '../../api/api-error';
import { importTable } from './table-files';

/** One problem of the server's row report (field "rows.<row>.<field>", header row = 1). */
export interface RowProblem {
  row: number | null;
  field: string | null;
  message: string;
}

/** What the dry run or the import answered, as the dialog shows it. */
export type ImportReport =
  | { kind: 'counts'; result: ImportResponse }
  | { kind: 'problems'; errors: RowProblem[]; warnings: RowProblem[] }
  | { kind: 'failure'; error: unknown };

export type ImportState =
  | { phase: 'closed' }
  | { phase: 'checking' | 'importing'; file: File }
  | { phase: 'report'; file: File; report: ImportReport };

export function toRowProblem(message: ApiMessage): RowProblem {
  const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(message.field ?? '');
  if (!match) return { row: null, field: message.field ?? null, message: message.msg };
  return { row: Number(match[1]), field: match[2] ?? null, message: message.msg };
}

function reportOf(error: unknown): ImportReport {
  if (isApiRequestError(error) && error.failure.kind === 'response' && error.failure.data) {
    const { data } = error.failure;
    return {
      kind: 'problems',
      errors: data.error.map(toRowProblem),
      warnings: data.warning.map(toRowProblem),
    };
  }
  return { kind: 'failure', error };
}

/**
 * Import in two steps: a dry run reports what the file would do (or its row errors), then
 * the user confirms and the same file is imported for real (spec §7: POST .../import).
 */
export function useImport(table: string, onImported: (result: ImportResponse) => void) {
  const [state, setState] = useState<ImportState>({ phase: 'closed' });

  const run = async (file: File, dryRun: boolean, ignoreWarnings: boolean) => {
    setState({ phase: dryRun ? 'checking' : 'importing', file });
    try {
      const result = await importTable(table, file, { dryRun, ignoreWarnings });
      if (dryRun) setState({ phase: 'report', file, report: { kind: 'counts', result } });
      else {
        setState({ phase: 'closed' });
        onImported(result);
      }
    } catch (error) {
      setState({ phase: 'report', file, report: reportOf(error) });
    }
  };

  return {
    state,
    check: (file: File) => run(file, true, false),
    /** The real import; ignoreWarnings after the user saw the warnings of the dry run. */
    confirm: (ignoreWarnings: boolean) =>
      state.phase === 'report' ? run(state.file, false, ignoreWarnings) : Promise.resolve(),
    close: () => setState({ phase: 'closed' }),
  };
}
