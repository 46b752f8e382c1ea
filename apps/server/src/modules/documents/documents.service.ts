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
const TILES: { filterId: string; count: keyof DocCounts; filter: string[] }[] = [
  { filterId: 'drafts', count: 'drafts', filter: ['status:draft'] },
  { filterId: 'capture', count: 'capturePending', filter: ['captureState:pending'] },
  { filterId: 'active', count: 'active', filter: ['status:active'] },
  { filterId: 'archive', count: 'archived', filter: ['status:archived'] },
  { filterId: 'rejected', count: 'rejected', filter: ['status:rejected'] },
];

export function createDocumentsService(db: Db, tables: TablesService, workflow: WorkflowService) {
  // Search of documents follows every write of them and of the partners they name.
  tables.onWrite('doc', refreshDocSearch);
  tables.onWrite('partner', refreshPartnerDocs);
  return {
    /**
     * spec §7 POST /api/doc/activate: every document complete for its type, then active in the
     * workflow of its type at its first step (issue 6). All or nothing; one undo takes it back.
     */
    async activate(scope: TableScope, keys: string[]) {
      const types = await tables.list('documentType', scope, { count: 1000 });
      const typeCodes = new Map(types.items.map((t) => [t.id, t.einvoiceTypeCode]));
      const typeCodeOf = (id: unknown) => {
        const code = typeCodes.get(Number(id));
        return typeof code === 'string' ? code : null;
      };
      const entry = workflow.activationDecider(scope);
      const { items, undoId } = await tables.changeState('doc', scope, keys, (doc, trx) => {
        const problems = activationProblems(doc, typeCodeOf);
        return problems.length ? { problems } : entry.decide(doc, trx);
      });
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
      return {
        items: TILES.map((tile) => ({
          filterId: tile.filterId,
          labelId: `tiles.${tile.filterId}`,
          label: translate(locale, `tiles.${tile.filterId}`),
          count: counts[tile.count],
          filter: tile.filter,
        })),
      };
    },
  };
}
