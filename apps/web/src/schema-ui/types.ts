import type { Field, Model, Schema } from '@listina/forms';

/**
 * The seams between the parts of the schema UI (spec §3–§5): inputs render one field, the
 * form lays fields out and validates them, dialogs and grids hold forms and table rows.
 * Values in a model are what the server's JSON carries: decimals as strings ("12.50"),
 * dates as ISO "yyyy-mm-dd", times as "hh:mm", datetimes as ISO strings, booleans, numbers
 * for ints, and arrays of row models for grid fields.
 */

/** A message shown at a field or in the form's summary (spec §5, §8). */
export interface FieldMessage {
  /** Translated text, without the warning's * prefix (the display adds it). */
  text: string;
  kind: 'error' | 'warning';
  /** A value the field could take instead: the form offers it as a one-click fix. */
  suggestion?: string;
}

/** spec §3 validation message groups, in the order the summary shows them. */
export type MessageGroup = 'comment' | 'error' | 'warning' | 'notification';

/** What every input component of apps/web/src/schema-ui/inputs receives. */
export interface InputProps<V = unknown> {
  field: Field;
  /** DOM id of the control, unique in the page; the label points at it. */
  id: string;
  /** Translated label (labelText, else labelId through labelPrefix, else the name). */
  label: string;
  value: V;
  /** The whole model, for itemsProp, editKey and expressions. */
  model: Model;
  readonly: boolean;
  /** The message to show under the input, if any. */
  message?: FieldMessage;
  /** The parsed value; inputs keep their own text while it does not parse. */
  onChange: (value: V) => void;
  /**
   * A lookup (select, combo) chose an item: its value with the item itself, for the schema's
   * references.onSelect handler. Without it the lookup calls onChange.
   */
  onSelect?: (value: V, item: Record<string, unknown>) => void;
  /** Sets or clears the input's own parse message (invalid text, too many places...). */
  onInputMessage?: (message: FieldMessage | undefined) => void;
  onBlur?: () => void;
  /** btn inputs: emits the field name (spec §2: generic buttons emit a click event). */
  onClick?: (name: string) => void;
}

/** A schema with the table it came from, as the form and dialogs use it. */
export interface TableSchema {
  table: string;
  schema: Schema;
}

/** What a handler named by a schema field receives. */
export interface FieldHandlerContext {
  field: Field;
  value: unknown;
  /** The model with the new value already set. */
  model: Model;
  /** references.onSelect: the lookup item chosen (a bank, whose BIC fills another field). */
  item?: Record<string, unknown>;
  /**
   * For a change that waits for something (a partner's bank accounts loading): patches the
   * form's whole model as it is by then. Does nothing once the form has gone.
   */
  later: (patch: (formModel: Model) => Model) => void;
}

/**
 * Handlers named by schema fields (onChange, references.onSelect): each returns the model to
 * keep, or nothing to keep it as it is.
 */
export type FieldHandlers = Record<string, (context: FieldHandlerContext) => Model | undefined>;

/** A patch of the form's model applied later (FieldHandlerContext.later). */
export type LaterPatch = FieldHandlerContext['later'];
