import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Layout learning (issue 23, modules/capture/layout/layout-learning.ts, ADR 0018).
 *
 * capture_layout: the words of a captured document's first pages with where they stand
 * (compact: per page {page, aspect, words: [[text, x0, y0, x1, y1], …]}, fractions of the page
 * to 4 decimals), one row per document, written by the capture job. A correction is learned
 * from them when the document is saved; they are kept apart from doc.capture_result, which
 * every read of a document carries.
 *
 * capture_layout_hint: where on a supplier's document the value of a header field stood when a
 * user corrected or filled it (the label it stood by, its place from that label and on the
 * page), per document and field under the document's supplier, as capture_correction keeps
 * corrections: a save, or an undo of one, rewrites the document's own hints.
 *
 * Both go with their document by cascade: their rows are kept for undo of the delete
 * (migration 0032).
 */
export const KEPT_LAYOUT_TABLES = ['capture_layout', 'capture_layout_hint'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table capture_layout (
      organization_id bigint not null references organization (id) on delete cascade,
      doc_id bigint not null,
      words jsonb not null,
      created_at timestamptz not null default now(),
      primary key (organization_id, doc_id),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create table capture_layout_hint (
      organization_id bigint not null references organization (id) on delete cascade,
      doc_id bigint not null,
      partner_key uuid not null,
      field text not null,
      hint jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (organization_id, doc_id, field),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index capture_layout_hint_partner_idx
      on capture_layout_hint (organization_id, partner_key, field, updated_at desc);
  `.execute(db);
  for (const table of KEPT_LAYOUT_TABLES) {
    await tenantAccess(table).execute(db);
    await sql
      .raw(
        `create trigger ${table}_keep_cascaded before delete on ${table}
           for each row execute function listina_keep_cascaded_row();`,
      )
      .execute(db);
  }
}
