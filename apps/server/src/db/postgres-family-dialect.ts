import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Dialect,
  type Driver,
  type Kysely,
  type TransactionSettings,
} from 'kysely';

/**
 * What the app's two dialects (PGlite and node-postgres) share: PostgreSQL's adapter,
 * introspector and query compiler. Each brings its own driver.
 */
export abstract class PostgresFamilyDialect implements Dialect {
  abstract createDriver(): Driver;
  createAdapter() {
    return new PostgresAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** The ` isolation level …` part of a BEGIN, or nothing when the transaction asks for none. */
export function isolationLevelClause(settings: TransactionSettings): string {
  return settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
}
