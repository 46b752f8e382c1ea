import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * The approval workflow (issue 6). An organisation's workflows (per document type, or for any
 * type) with their ordered steps, edited through the table engine; where each document
 * stands in its workflow; the log of every action; and the notifications they send.
 *
 * A step names who may act by organisation member (their member keys) and by role. A
 * document remembers its step, whether it was sent back to its submitter for more data
 * (standing 'supplement'), a forward to one user, who confirmed the step so far, who
 * activated it and since when it is at its step (the log's time spent).
 *
 * Notifications are kept apart per organisation like every tenant table; each call reads and
 * marks only its user's own (an action writes them for others, and its undo removes them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflow (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      code text not null,
      name text not null,
      document_type_id bigint,
      is_active boolean not null default true,
      search_text text not null default '',
      code_sort text collate "C" not null default '',
      name_sort text collate "C" not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, code)
    );
    create index workflow_code_sort_idx on workflow (organization_id, code_sort, id);
    create index workflow_name_sort_idx on workflow (organization_id, name_sort, id);

    create table workflow_step (
      organization_id bigint not null,
      id bigint generated always as identity,
      key uuid not null,
      workflow_id bigint not null,
      position integer not null default 1,
      system_tile_code text not null,
      name text not null default '',
      member_keys text[] not null default '{}',
      roles text[] not null default '{}',
      approval_rule text not null default 'any' check (approval_rule in ('any', 'all', 'atLeast')),
      min_approvers integer not null default 1 check (min_approvers between 1 and 100),
      condition text,
      comment_required boolean not null default false,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      foreign key (organization_id, workflow_id)
        references workflow (organization_id, id) on delete cascade
    );
    create index workflow_step_workflow_idx on workflow_step (organization_id, workflow_id);

    alter table doc
      add column workflow_id bigint,
      add column workflow_step_id bigint,
      add column workflow_standing text check (workflow_standing in ('step', 'supplement')),
      add column workflow_forwarded_to bigint references app_user (id),
      add column workflow_approvals bigint[] not null default '{}',
      add column workflow_submitted_by bigint references app_user (id),
      add column workflow_step_at timestamptz;
    create index doc_workflow_step_idx on doc (organization_id, workflow_step_id)
      where workflow_step_id is not null;

    create table workflow_log (
      organization_id bigint not null,
      id bigint generated always as identity,
      key uuid not null,
      doc_id bigint not null,
      user_id bigint not null references app_user (id),
      result_code text not null,
      comment text,
      from_workflow_id bigint,
      to_workflow_id bigint,
      from_step_id bigint,
      to_step_id bigint,
      from_tile text,
      to_tile text,
      seconds_in_step integer,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index workflow_log_doc_idx on workflow_log (organization_id, doc_id, id);

    create table notification (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      user_id bigint not null references app_user (id) on delete cascade,
      doc_id bigint,
      kind text not null,
      actor_id bigint references app_user (id),
      result_code text,
      tile text,
      comment text,
      read_at timestamptz,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index notification_user_idx on notification (user_id, organization_id, id desc);
    create index notification_unread_idx on notification (user_id, organization_id)
      where read_at is null;
  `.execute(db);

  await tenantAccess('workflow').execute(db);
  await tenantAccess('workflow_step').execute(db);
  await tenantAccess('workflow_log').execute(db);
  await tenantAccess('notification').execute(db);
}
