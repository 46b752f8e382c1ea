/**
 * The form schema of spec §3, shared by the server (which defines one per entity and serves it
 * at GET /api/cl/schema/{name}) and the browser (which renders it). Objects are strict: a
 * misspelt property in an entity definition fails at parse time instead of being ignored.
 */
import { z } from 'zod';
import { DOMAIN_CHECKS } from './domain-checks';
import { compileExpression, ExpressionError } from './expressions';

/** spec §3 field dataType. */
export const DATA_TYPES = ['int', 'decimal', 'date', 'time', 'datetime', 'text', 'bool'] as const;
export const DataTypeSchema = z.enum(DATA_TYPES);
export type DataType = z.infer<typeof DataTypeSchema>;

/**
 * spec §3 field inputType, all 17, and password (issue 25): a secret (a mailbox's password)
 * typed into a masked text input and never shown in a grid.
 */
export const INPUT_TYPES = [
  'int',
  'decimal',
  'date',
  'time',
  'datetime',
  'text',
  'checkbox',
  'currency',
  'select',
  'combo',
  'editor',
  'label',
  'memo',
  'divmemo',
  'colorpicker',
  'grid',
  'btn',
  'password',
] as const;
export const InputTypeSchema = z.enum(INPUT_TYPES);
export type InputType = z.infer<typeof InputTypeSchema>;

/** A jexl expression over the model (spec §3 condition, expr, storedExpr), checked at parse. */
export const ExpressionSchema = z
  .string()
  .min(1)
  .superRefine((expression, context) => {
    try {
      compileExpression(expression);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      context.addIssue({ code: 'custom', message: error.message });
    }
  });

/** spec §5: 1 shows only under "show more", -1 only in the "more" section, 0 always. */
export const ImportanceSchema = z.union([z.literal(-1), z.literal(0), z.literal(1)]);
export type Importance = z.infer<typeof ImportanceSchema>;

/** A flag that is either fixed or a condition expression over the model (visible, readonly). */
export const FlagSchema = z.union([z.boolean(), ExpressionSchema]);
export type Flag = z.infer<typeof FlagSchema>;

/** A min/max bound: a number, a decimal string ('0.01') or an ISO date or time ('2024-01-01'). */
export const BoundSchema = z.union([z.number(), z.string().min(1)]);
export type Bound = z.infer<typeof BoundSchema>;

const FilterValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
]);
/** Lookup filters: field name → value (a list means any of them). */
export const FiltersSchema = z.record(z.string(), FilterValueSchema);
export type Filters = z.infer<typeof FiltersSchema>;

/** spec §3 reference properties: where a select or combo field takes its items from. */
export const ReferencesSchema = z.strictObject({
  /** Code-list table name (GET /api/cl/{table}). */
  table: z.string().min(1).optional(),
  /** Another call to read items from, instead of a table. */
  api: z.string().min(1).optional(),
  /** Item property stored in the model; spec §3 default code. */
  field: z.string().min(1).default('code'),
  /** Item properties shown; spec §3 default code, name. */
  displayFields: z.array(z.string().min(1)).min(1).default(['code', 'name']),
  /** Fixed items, instead of a table or call. */
  items: z.array(z.record(z.string(), z.unknown())).optional(),
  /** A model property holding the items. */
  itemsProp: z.string().min(1).optional(),
  /** Filters sent with every lookup call. */
  serverFilters: FiltersSchema.optional(),
  /** Query parameter carrying the typed search text. */
  apiSearchParam: z.string().min(1).optional(),
  /** Filters applied by default that the user may remove. */
  softFilters: FiltersSchema.optional(),
  /** Filters the user cannot remove. */
  hardFilters: FiltersSchema.optional(),
  /** Schema id of the dialog that adds a new item from the lookup. */
  addScheme: z.string().min(1).optional(),
  /** Model property holding the key of the selected item, to open it for editing. */
  editKey: z.string().min(1).optional(),
  /** Offer a "view all" list of the referenced table. */
  viewAll: z.boolean().optional(),
  /** Name of the client handler run when an item is selected (handlers are code, not JSON). */
  onSelect: z.string().min(1).optional(),
  /** Keep the items in their given order. */
  noSort: z.boolean().optional(),
});
export type References = z.infer<typeof ReferencesSchema>;

/**
 * spec §5 rules of a field, run in this order: sameAs, min, max, range, required, requiredIf,
 * regex; then check, a named domain check (domain-checks.ts).
 */
export const ValidationRuleSchema = z.strictObject({
  /** Name of a field (in the same model or grid row) this one must equal. */
  sameAs: z.string().min(1).optional(),
  min: BoundSchema.optional(),
  max: BoundSchema.optional(),
  range: z.tuple([BoundSchema, BoundSchema]).optional(),
  required: z.boolean().optional(),
  /** Required when this condition holds (spec §5). */
  requiredIf: ExpressionSchema.optional(),
  regex: z
    .strictObject({
      pattern: z.string().min(1),
      flags: z
        .string()
        .regex(/^[imsu]*$/)
        .optional(),
      /** Translation key of the message (spec §5: the regex has its own message). */
      message: z.string().min(1),
    })
    .refine((rule) => isValidPattern(rule.pattern, rule.flags), {
      message: 'regex pattern does not compile',
      path: ['pattern'],
    })
    .optional(),
  /** A payment-order check by name (IBAN, reference, amount …), run after regex. */
  check: z.enum(DOMAIN_CHECKS).optional(),
});
export type ValidationRule = z.infer<typeof ValidationRuleSchema>;

function isValidPattern(pattern: string, flags: string | undefined): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

/** spec §3 schema options. */
export const SchemaOptionsSchema = z.strictObject({
  canShowPreview: z.boolean().optional(),
  dlgTitleId: z.string().min(1).optional(),
  dlgTitleText: z.string().optional(),
  labelPrefix: z.string().optional(),
});
export type SchemaOptions = z.infer<typeof SchemaOptionsSchema>;

/** One tab; choosing it stores `value` in the schema's tabsValueField (e.g. paymentType). */
export const TabSchema = z.strictObject({
  value: z.string().min(1),
  labelId: z.string().min(1).optional(),
  labelText: z.string().optional(),
});
export type Tab = z.infer<typeof TabSchema>;

/** spec §3 schema field properties, plus `name` (the model property, may be a dot path). */
const FieldPropertiesSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/),
  dataType: DataTypeSchema.optional(),
  inputType: InputTypeSchema.optional(),
  labelId: z.string().min(1).optional(),
  labelText: z.string().optional(),
  readonly: FlagSchema.optional(),
  visible: FlagSchema.optional(),
  importance: ImportanceSchema.optional(),
  /** Shown value computed from the model (spec §3). */
  expr: ExpressionSchema.optional(),
  /** Value computed from the model and stored in this field (spec §3). */
  storedExpr: ExpressionSchema.optional(),
  /** Not a stored column: shown or computed only. */
  abstract: z.boolean().optional(),
  references: ReferencesSchema.optional(),
  validation: ValidationRuleSchema.optional(),
  maxLength: z.int().positive().optional(),
  /** The value is a list of items (a select of several, e.g. a member's roles). */
  multiple: z.boolean().optional(),
  /** Name of the client handler run when the value changes. */
  onChange: z.string().min(1).optional(),
  /**
   * spec §7 customer suggestions for a recipient: the partners the typed text (a name or an
   * IBAN) may be are offered under the field; using one sets `idField` to its id and runs
   * `onSelect`, as a choice in idField's lookup does.
   */
  partnerSuggestions: z
    .strictObject({
      by: z.enum(['name', 'iban']),
      idField: z.string().min(1),
      onSelect: z.string().min(1).optional(),
    })
    .optional(),
});

/** spec §9 column width bounds. */
export const GRID_COLUMN_WIDTH_MIN = 10;
export const GRID_COLUMN_WIDTH_MAX = 300;

/**
 * A column a table's grid offers, in the grid's default order: `hidden` ones are not in the
 * default set (the user may switch them on); `width` is the default width in pixels; `shrink`
 * marks long text that gives way first when the grid is narrower than its columns.
 */
export const SchemaGridColumnSchema = z.strictObject({
  name: z.string().min(1),
  width: z.int().min(GRID_COLUMN_WIDTH_MIN).max(GRID_COLUMN_WIDTH_MAX).optional(),
  hidden: z.boolean().optional(),
  shrink: z.boolean().optional(),
});
export type SchemaGridColumn = z.infer<typeof SchemaGridColumnSchema>;

/** spec §3 schema, apart from its fields. */
const SchemaPropertiesSchema = z.strictObject({
  id: z.string().min(1),
  options: SchemaOptionsSchema.optional(),
  tabs: z.array(TabSchema).min(1).optional(),
  tabsValueField: z.string().min(1).optional(),
  importance: ImportanceSchema.optional(),
  /** The schema (e.g. a grid's) applies only while this holds over the parent model. */
  condition: ExpressionSchema.optional(),
  readonly: FlagSchema.optional(),
  inputType: InputTypeSchema.optional(),
  /** Passed through to the input component. */
  inputProps: z.record(z.string(), z.unknown()).optional(),
  /** Rows of field names shown side by side; fields not listed follow one per row. */
  layout: z.array(z.array(z.string().min(1)).min(1)).optional(),
  labelId: z.string().min(1).optional(),
  labelText: z.string().optional(),
  /** Label of the grid's add button. */
  addLabelId: z.string().min(1).optional(),
  /** A grid of this schema may have no rows; only an explicit false refuses an empty grid. */
  allowEmptyArray: z.boolean().optional(),
  /** The columns a grid of this table offers, in their default order (each names a field). */
  gridColumns: z.array(SchemaGridColumnSchema).optional(),
});

// Field and Schema refer to each other (a grid field carries its rows' schema), which type
// inference cannot follow, so the types are spelt out from their non-recursive parts.
export type Field = z.infer<typeof FieldPropertiesSchema> & { schema?: Schema };
export type FieldInput = z.input<typeof FieldPropertiesSchema> & { schema?: SchemaInput };
export type Schema = z.infer<typeof SchemaPropertiesSchema> & { fields: Field[] };
/** A schema as written in an entity definition, before defaults are applied. */
export type SchemaInput = z.input<typeof SchemaPropertiesSchema> & { fields: FieldInput[] };

export const FieldSchema: z.ZodType<Field, FieldInput> = z
  .strictObject({
    ...FieldPropertiesSchema.shape,
    /** The rows' schema of a grid field (spec §3: grid rows). */
    get schema() {
      return SchemaSchema.optional();
    },
  })
  .refine((field) => (field.inputType === 'grid') === (field.schema !== undefined), {
    message: 'a grid field needs a schema, and only a grid field has one',
    path: ['schema'],
  });

function checkFieldNames(schema: Schema, context: z.RefinementCtx): void {
  const names = new Set<string>();
  schema.fields.forEach((field, index) => {
    if (names.has(field.name)) {
      context.addIssue({
        code: 'custom',
        message: 'duplicate field name',
        path: ['fields', index, 'name'],
      });
    }
    names.add(field.name);
  });
  const columns = new Set<string>();
  schema.gridColumns?.forEach((column, index) => {
    const path = ['gridColumns', index, 'name'];
    if (!names.has(column.name) || columns.has(column.name)) {
      context.addIssue({ code: 'custom', message: 'no field or a repeated column', path });
    }
    columns.add(column.name);
  });
  schema.fields.forEach((field, index) => {
    const other = field.validation?.sameAs;
    if (other !== undefined && !names.has(other)) {
      const path = ['fields', index, 'validation', 'sameAs'];
      context.addIssue({ code: 'custom', message: `no field named ${other}`, path });
    }
  });
}

export const SchemaSchema: z.ZodType<Schema, SchemaInput> = z
  .strictObject({
    ...SchemaPropertiesSchema.shape,
    get fields() {
      return z.array(FieldSchema);
    },
  })
  .superRefine((schema, context) => {
    checkFieldNames(schema, context);
    if (schema.tabs && schema.tabsValueField === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'tabs need a tabsValueField',
        path: ['tabsValueField'],
      });
    }
  });
