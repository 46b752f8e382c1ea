import type { TableRecord } from '@listina/contract';
import type { MessageSpec } from '../../lib/errors';
import { translate, type Locale } from '../../plugins/i18n';
import type { StoredWorkflow } from './workflow.repository';

/**
 * Issue 22: an action names the version of the document it was taken on. One that finds the
 * document moved on since (another user's action, or the same click sent twice) is refused
 * with 409 saying where the document stands now, instead of acting on its next step.
 */
export const MOVED_ON = 'errors.wf.movedOn';

/** Where a document stands, in words: its step's name, else the label of its tile or status. */
export function placeOf(
  doc: TableRecord,
  workflows: ReadonlyMap<string, StoredWorkflow>,
  locale: Locale,
): string {
  if (doc.status !== 'active') return translate(locale, `work.status.${String(doc.status)}`);
  if (doc.workflowStanding === 'supplement') return translate(locale, 'tiles.supplement');
  const stepId = String(doc.workflowStepId);
  const step = workflows.get(String(doc.workflowId))?.steps.find((s) => s.id === stepId);
  if (step?.name) return step.name;
  const tile = doc.workflowCurrentStepSystemTileCode;
  return translate(locale, typeof tile === 'string' && tile ? `tiles.${tile}` : 'tiles.active');
}

/** The refusal of an action on a document that has moved on since the version seen. */
export function movedOn(
  doc: TableRecord,
  workflows: ReadonlyMap<string, StoredWorkflow>,
  locale: Locale,
): MessageSpec {
  return {
    code: MOVED_ON,
    parameters: [String(doc.displayTitle), placeOf(doc, workflows, locale)],
  };
}

/** The versions of a bulk action by document key, keys in lower case as the database has them. */
export function versionsByKey(versions: Readonly<Record<string, number>>): Map<string, number> {
  return new Map(Object.entries(versions).map(([key, version]) => [key.toLowerCase(), version]));
}
