import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * What users corrected on captured documents (issue 7, modules/capture/learning.ts): per
 * document and field, the value capture found (null when it found none) and the value the
 * document was saved with, under the document's supplier. A supplier's next documents are
 * captured with what its earlier ones were corrected to. Kept per document, so that saving a
 * document again, or undoing a save, rewrites its own line and never counts it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table capture_correction (
      organization_id bigint not null references organization (id) on delete cascade,
      doc_id bigint not null,
      partner_key uuid not null,
      field text not null,
      found_value text,
      saved_value text not null,
      updated_at timestamptz not null default now(),
      primary key (organization_id, doc_id, field),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index capture_correction_partner_idx
      on capture_correction (organization_id, partner_key, field);
  `.execute(db);
  await tenantAccess('capture_correction').execute(db);
}
