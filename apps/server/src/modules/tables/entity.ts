import type { FieldInput, SchemaInput } from '@listina/forms';
import type { RawBuilder } from 'kysely';
import type { Trx } from '../../db/scope';
import type { MessageSpec } from '../../lib/errors';

/** A stored record as the lock rule sees it (its API model). */
export type LockedRecord = Readonly<Record<string, unknown>>;

/** Who asks to change records, in the transaction that would change them (scope set). */
export interface LockContext {
  trx: Trx;
  userId: string;
  roles: readonly string[];
}

/**
 * Why a record may not be changed: 409 for the record's state (archived), 403 for the user's
 * part in it (not assigned to its step); undefined where it may.
 */
export type LockProblem = (MessageSpec & { status: 403 | 409 }) | undefined;

/**
 * An entity definition: one table of the product described once — its columns with their
 * spec §3 schema field, how they are listed, searched and sorted, its nested arrays, its
 * defaults and who may change it. Every generic call (§7) is driven from it.
 */
export type ValueType = 'text' | 'int' | 'decimal' | 'bool' | 'date' | 'timestamp';

export interface ColumnDef {
  /** API and schema name (camelCase). */
  name: string;
  /** SQL column. */
  column: string;
  type: ValueType;
  /** The spec §3 schema field, without its name. */
  field: Omit<FieldInput, 'name'>;
  /** Included in the search text (case- and accent-insensitive). */
  search?: boolean;
  /**
   * A declared sort key. Text sorts in Slovenian alphabetical order by the engine's
   * `<column>_sort` column (ADR 0007), which the table must have.
   */
  sort?: boolean;
  /**
   * Declared NOT NULL in SQL: sorting a non-text column uses the bare column, so an index can
   * serve it (text sorts by its sort column, never null).
   */
  notNull?: boolean;
  /**
   * A declared filter field: the list call's filter parameter may ask for rows with given
   * values of it (spec §3 serverFilters of the lookups that name this table).
   */
  filter?: boolean;
  /**
   * Also a range filter (dates, amounts): `field:from..to`, inclusive, either bound left out for
   * an open end. Only with `filter`.
   */
  range?: boolean;
  /** Shown as a list column and sent in list rows. */
  list?: boolean;
  /** Shown in lean rows (mode cache or dropdown). */
  lean?: boolean;
  /** Set by the server: never taken from a request body. */
  serverOwned?: boolean;
  /** Cleans a value before validation (trim, upper-case, strip spaces). */
  normalise?: (value: unknown) => unknown;
  /**
   * Cleans the value together with other columns of the same input, after every column's
   * normalise: the columns to set (a whole reference pasted into the reference field sets the
   * model too), or undefined to leave the input as it is. Runs only when the input has it.
   */
  normaliseWith?: (
    value: unknown,
    model: Record<string, unknown>,
  ) => Record<string, unknown> | undefined;
  /** A domain check beyond the schema rules (IBAN, BIC, VAT ID); a message key on failure. */
  check?: (value: unknown, model: Record<string, unknown>) => MessageSpec | undefined;
  /** Unique within the owner (organisation or parent row); also the natural key for import. */
  unique?: boolean;
  /** A list of values of the type (SQL array), e.g. a member's roles. Never a sort key. */
  multiple?: boolean;
  /**
   * Holds a record's key (a uuid column) without naming its table as a reference does: a
   * filter value must be a key.
   */
  uuid?: boolean;
}

/** A text column of record keys (uuid in SQL): its own flag, or a reference by key. */
export const isKeyColumn = (column: ColumnDef): boolean =>
  column.uuid === true || column.field.references?.field === 'key';

export interface ArrayDef {
  /** API name of the array on the parent (e.g. bankAccounts). */
  name: string;
  /** The rows' entity. */
  entity: EntityDef;
  /** Column on the child that holds the parent's id. */
  parentColumn: string | null;
  /** At most one row may have this flag set (spec §4: one default bank account). */
  oneTrue?: string;
  /** Label of the grid's add button. */
  addLabelId?: string;
  allowEmptyArray?: boolean;
  /**
   * A row added in the form starts with what is left of the parent's `of` (a total) after
   * the other rows' `field` (their amounts): the first cost line gets the whole total.
   */
  newRowRemainder?: { field: string; of: string };
}

/** A standing message of a record (spec §3 validation message), by its group. */
export interface StandingMessage extends MessageSpec {
  group: 'comment' | 'error' | 'warning' | 'notification';
}

export interface WarningContext {
  /** The save's transaction, in the tenant scope. */
  db: Trx;
  organizationId: string | null;
  key: string | undefined;
}

/** What a record rule that reads the database gets: the save's transaction and the record. */
export interface RuleContext {
  db: Trx;
  organizationId: string | null;
  /** The record's id when it is an update. */
  id: string | undefined;
}

/**
 * A column of a table's default grid (issue 24): a listed column, its default width in pixels
 * (spec §9: 10 to 300) and whether it is long text that gives way first on a narrow screen.
 */
export interface DefaultGridColumn {
  name: string;
  width: number;
  shrink?: boolean;
}

export interface EntityDef {
  name: string;
  table: string;
  /**
   * tenant: rows belong to an organisation (organization_id); global: shared reference data;
   * organization: the organisation's own row (the table is organization itself).
   */
  scope: 'tenant' | 'global' | 'organization';
  /** false: records are not created or deleted through the table calls (405). */
  canCreate?: boolean;
  canDelete?: boolean;
  labelId: string;
  columns: ColumnDef[];
  arrays?: ArrayDef[];
  /**
   * A bool column that at most one record of an owner has set: the organisation's default
   * (its VAT rate). Setting it clears it on the others in the same save; grid rows carry
   * `isDefaultModel` by it (spec §3), as a nested array's rows do by its `oneTrue`.
   */
  defaultFlag?: string;
  /** Columns whose values make the record's displayTitle. */
  titleColumns: string[];
  /** 'code asc' style; id is always added as the last tiebreaker. */
  defaultSort: string;
  /**
   * The grid's default column set, in order, with widths: what every organisation shows until
   * a user chooses other columns (issue 24). Each is a listed column; the table's other listed
   * columns are offered in the column chooser, switched off (schema `gridColumns`).
   */
  gridColumns?: readonly DefaultGridColumn[];
  /** Model of a new record (GET /api/cl/default.model/{name}). */
  defaultModel?: () => Record<string, unknown>;
  /**
   * Defaults of a new record that depend on the organisation (its default paying account),
   * added to defaultModel's in GET /api/cl/default.model/{name}; read in the tenant scope.
   */
  organizationDefaults?: (trx: Trx, organizationId: string) => Promise<Record<string, unknown>>;
  /** Roles that may create, update and delete; admins always may. Readers: every member. */
  writeRoles: readonly string[];
  /** Extra schema properties (tabs, layout, options). */
  schema?: Omit<SchemaInput, 'id' | 'fields'>;
  /** Not listed in GET /api/cl (reached only as a nested array or its own route). */
  hidden?: boolean;
  /**
   * root: a table the spec serves at /api/{name} (doc, payOrder, payPackage), with the same
   * calls; not a code list, so not in GET /api/cl nor under /api/cl/{name}. Its schema and
   * default model are under /api/cl all the same.
   */
  api?: 'cl' | 'root';
  /**
   * Facts a grid's rows carry besides their columns, computed in SQL for the user of the call
   * (the transaction's scope), by API name: the web offers a row's actions by them, as the
   * server would take them (issue 24; a document is its user's task now).
   */
  rowFacts?: readonly { name: string; alias: string; text: RawBuilder<unknown> }[];
  /**
   * A tenant table with a trigram index on search_text that listina_search_ids may read
   * (migrations 0006 and 0009): searches go through the index despite row-level security.
   */
  searchIndex?: boolean;
  /**
   * Full-text search instead of the trigram search of search_text: the table's search_vector
   * (a tsvector its writers keep current) is matched by the query built from the search, and
   * a list asked for without a sort of its own comes ranked by relevance.
   */
  fullText?: {
    /** The tsquery text of a search; undefined when it has no word to look for. */
    query(search: string): string | undefined;
    matches(column: string, query: string): RawBuilder<boolean>;
    rank(column: string, query: string): RawBuilder<number>;
  };
  /**
   * The n-th valid example record (distinct for every n, unique columns included). The
   * generic test suite, the benchmarks and the demo seed build their data from it, so a new
   * entity is covered by them without new tests.
   */
  sample: (n: number) => Record<string, unknown>;
  /** Errors of rules that read other records (the last orgadmin keeps the role). */
  rules?: (model: Record<string, unknown>, context: RuleContext) => Promise<MessageSpec[]>;
  /** Warnings that refuse a save until it is repeated with ignoreWarnings (spec §8). */
  warnings?: (model: Record<string, unknown>, context: WarningContext) => Promise<MessageSpec[]>;
  /**
   * spec §3 `validations`: the standing messages of a stored record (a suspected duplicate, a
   * missing IBAN, a due date passed), worked out on each read of one record and sent with it,
   * so the form shows them before any action.
   */
  recordValidations?: (
    record: Record<string, unknown>,
    context: WarningContext,
  ) => Promise<StandingMessage[]>;
  /**
   * Why each stored record may not be changed or deleted by this user now (an archived
   * document, except for admins; an active one at a step the user is not assigned to), in
   * the order given, undefined where it may. Asked inside the writing transaction.
   */
  locked?: (records: readonly LockedRecord[], context: LockContext) => Promise<LockProblem[]>;
  /**
   * Filters that are no column's value, by name (a document's `task:mine`): the condition of
   * each value it takes, in SQL on the entity's table; undefined for a value it does not take.
   * A filter of days reads them in the user's time zone (the call's).
   */
  namedFilters?: Record<
    string,
    (value: string, context: { timeZone: string }) => RawBuilder<unknown> | undefined
  >;
  /**
   * Warnings that refuse a delete until it is repeated with ignoreWarnings (spec §8): records
   * others still refer to (a cost centre that partners book to by default).
   */
  deleteWarnings?: (
    records: Record<string, unknown>[],
    context: Omit<WarningContext, 'key'>,
  ) => Promise<MessageSpec[]>;
}

/** Rows that belong to one organisation: kept apart per tenant in queries and the audit log. */
export const isTenantOwned = (entity: EntityDef) => entity.scope !== 'global';

export function defineEntity(def: EntityDef): EntityDef {
  return def;
}
