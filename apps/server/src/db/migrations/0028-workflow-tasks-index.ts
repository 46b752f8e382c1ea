import { sql, type Kysely } from 'kysely';

/**
 * The home tiles' task counts (documents/documents.repository.ts, workflow/tasks.ts) look for
 * the organisation's documents standing in a workflow. Without an index of their own that
 * read every document of the organisation from the table: 2.2 s for the largest of the ten
 * million documents' organisations (1.3 million, bench/README.md "Ten million documents").
 * Documents in a workflow are few beside the archive, so the index holds only them; the task
 * conditions (workflow_standing = 'step' or 'supplement') imply its predicate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index doc_workflow_standing_idx on doc
      (organization_id, workflow_standing, workflow_current_step_system_tile_code)
      where workflow_standing is not null
  `.execute(db);
}
