/**
 * Creates the cluster-wide role of row-level security, listina_tenant (ADR 0003), unless it
 * exists, and lets the current user switch to it as every tenant-scoped transaction does
 * (db/scope.ts). Run by migration 0001 and by a restore into a new cluster; several
 * databases of one cluster (tests) may race to create it.
 */
export const CREATE_TENANT_ROLE = `
  do $$ begin
    create role listina_tenant nologin;
  exception when duplicate_object or unique_violation then null;
  end $$;
  do $$ begin
    execute format('grant listina_tenant to %I', current_user);
  exception when others then null;
  end $$;
`;
