import { duplicateWarnings } from './duplicates';
import type { CustomerHistoryQuery, TableRecord, Tile } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { badRequest } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { translate, type Locale } from '../../plugins/i18n';
import type { TableScope, TablesService } from '../tables/tables.service';
import { activationProblems } from './completeness';
import { countDocuments, type DocCounts } from './documents.repository';
import type { WorkflowService } from '../workflow/workflow.service';
import { refreshDocSearch, refreshPartnerDocs } from './search-vector';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** The home tiles (spec §2, §3 Tile), each a count and the list filter that shows it. */
type CountName = Exclude<keyof DocCounts, 'tasks' | 'stepTiles'>;
const tile = (filterId: string, count: CountName, filter: string[]) => ({
  filterId,
  count,
  filter,
});
const DRAFTS = tile('drafts', 'drafts', ['status:draft']);
/** After the user's own tasks: the organisation's documents by state. */
const STATE_TILES = [
  tile('active', 'active', ['status:active']),
  tile('archive', 'archived', ['status:archived']),
  tile('rejected', 'rejected', ['status:rejected']),
  tile('capture', 'capturePending', ['captureState:pending']),
];
/** Documents sent back to their submitter for more data (issue 6). */
const SUPPLEMENT_TILE = 'supplement';

export function createDocumentsService(db: Db, tables: TablesService, workflow: WorkflowService) {
  // Search of documents follows every write of them and of the partners they name.
  tables.onWrite('doc', refreshDocSearch);
  tables.onWrite('partner', refreshPartnerDocs);
  return {
    /**
     * spec §7 POST /api/doc/activate: every document complete for its type, then active in the
     * workflow of its type at its first step (issue 6). All or nothing; one undo takes it back.
     */
    async activate(scope: TableScope, keys: string[], ignoreWarnings = false) {
      const types = await tables.list('documentType', scope, { count: 1000 });
      const typeCodes = new Map(types.items.map((t) => [t.id, t.einvoiceTypeCode]));
      const typeCodeOf = (id: unknown) => {
        const code = typeCodes.get(Number(id));
        return typeof code === 'string' ? code : null;
      };
      const entry = workflow.activationDecider(scope);
      // A suspected duplicate invoice is a warning before it goes for approval (issue 7).
      const { items, undoId } = await tables.changeState(
        'doc',
        scope,
        keys,
        async (doc, trx) => {
          const problems = activationProblems(doc, typeCodeOf);
          // Active already (the same activation sent twice): a conflict, not a bad request.
          if (problems.length) return { problems, status: doc.status === 'draft' ? 400 : 409 };
          const decision = await entry.decide(doc, trx);
          if (!('values' in decision)) return decision;
          return {
            ...decision,
            warnings: await duplicateWarnings(trx, scope.organization.id, doc),
          };
        },
        { ignoreWarnings },
      );
      entry.done();
      return { items, undoId };
    },

    /** spec §7 GET /api/doc/customerHistory: the partner's other documents, newest first. */
    async customerHistory(scope: TableScope, query: CustomerHistoryQuery) {
      if (!UUID_PATTERN.test(query.customerKey.toLowerCase()))
        throw badRequest('errors.doc.badCustomerKey', [query.customerKey], 'customerKey');
      const filter = [`customerKey:${query.customerKey.toLowerCase()}`];
      if (query.documentTypeId) filter.push(`documentTypeId:${query.documentTypeId}`);
      // One more than asked: the document being edited may be among them.
      const page = await tables.list('doc', scope, {
        count: query.count + 1,
        sort: 'issueDate desc',
        filter,
      });
      const items = page.items.filter((d: TableRecord) => d.key !== query.documentKey);
      return { items: items.slice(0, query.count) };
    },

    /** spec §7 GET /api/tile: the home tiles with their counts. */
    async tiles(scope: TableScope, locale: Locale): Promise<{ items: Tile[] }> {
      const counts = await countDocuments(db, {
        userId: scope.user.id,
        organizationId: scope.organization.id,
      });
      const stateTile = (t: ReturnType<typeof tile>): Tile => ({
        filterId: t.filterId,
        labelId: `tiles.${t.filterId}`,
        label: translate(locale, `tiles.${t.filterId}`),
        count: counts[t.count],
        filter: t.filter,
      });
      // The user's tasks per step of the workflows (spec §3 Tile: my tasks per workflow step).
      const taskTile = (code: string): Tile => ({
        filterId: `task-${code}`,
        labelId: 'tiles.myTasks',
        label: translate(locale, 'tiles.myTasks', [translate(locale, `tiles.${code}`)]),
        count: counts.tasks.get(code) ?? 0,
        filter: ['task:mine', `workflowCurrentStepSystemTileCode:${code}`],
      });
      return {
        items: [
          stateTile(DRAFTS),
          ...[...counts.stepTiles, SUPPLEMENT_TILE].map(taskTile),
          ...STATE_TILES.map(stateTile),
        ],
      };
    },
  };
}
