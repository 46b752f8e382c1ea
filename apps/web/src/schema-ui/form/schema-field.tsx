import { useEffect } from 'react';
import Button from '@mui/material/Button';
import type { PartnerSuggestion } from '@listina/contract';
import {
  evaluateExpression,
  getValue,
  isFieldReadonly,
  setValue,
  type Field,
  type Model,
  type Schema,
} from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { ArrayField } from '../array/array-field';
import { FieldInput } from '../inputs/field-input';
import { fieldTestId } from '../inputs/input-parts';
import { useFormController } from './form-controller';
import { PartnerSuggestions } from './partner-suggestions';
import { fieldDomId, labelOf } from './labels';

export interface SchemaFieldProps {
  field: Field;
  /** The schema the field belongs to (a grid row's schema for row fields). */
  schema: Schema;
  /** The model at this level: the form's, or a grid row. */
  model: Model;
  /** Full path from the form's model ('code', 'bankAccounts.0.code'). */
  path: string;
  onChange: (model: Model) => void;
}

/** One field of a schema form: its label, value, read-only state and message. */
export function SchemaField({ field, schema, model, path, onChange }: SchemaFieldProps) {
  const { t, has } = useI18n();
  const controller = useFormController();
  const id = fieldDomId(controller.idPrefix, path);
  const label = labelOf(field, schema, t, has);
  // spec §3: expr is a shown value computed from the model, never typed in.
  const computed = field.expr !== undefined;
  const value = computed
    ? evaluateExpression(field.expr ?? '', model)
    : getValue(model, field.name);
  const readonly = controller.readonly || computed || isFieldReadonly(field, model, schema);
  const { setInputMessage } = controller;
  // A field that goes away (hidden, row closed) takes its unparsed text's message with it.
  useEffect(() => () => setInputMessage(path, undefined), [path, setInputMessage]);

  const change = (next: unknown, item?: Record<string, unknown>) => {
    let updated = setValue(model, field.name, next);
    const handler = field.onChange ? controller.handlers?.[field.onChange] : undefined;
    const { later } = controller;
    if (handler) updated = handler({ field, value: next, model: updated, later }) ?? updated;
    // spec §3 references.onSelect: the chosen item may fill other fields (a bank, its BIC).
    const selectName = item ? field.references?.onSelect : undefined;
    const onSelect = selectName ? controller.handlers?.[selectName] : undefined;
    if (onSelect)
      updated = onSelect({ field, value: next, model: updated, item, later }) ?? updated;
    controller.edited(path);
    onChange(updated);
  };

  if (field.inputType === 'grid' && field.schema) {
    return (
      <ArrayField
        field={field}
        rowSchema={field.schema}
        id={id}
        label={label}
        path={path}
        rows={value}
        model={model}
        ownerTable={schema.id}
        readonly={readonly}
        onChange={change}
      />
    );
  }
  const message = controller.messageAt(path);
  const input = (
    <FieldInput
      field={field}
      id={id}
      label={label}
      value={value}
      model={model}
      readonly={readonly}
      message={message}
      onChange={(next) => change(next)}
      onSelect={change}
      onInputMessage={(message) => setInputMessage(path, message)}
      onBlur={() => controller.touch(path)}
      onClick={controller.onButtonClick}
    />
  );
  // spec §7: partners the typed name or IBAN may be; using one chooses it in idField's lookup.
  const partnerRule = readonly ? undefined : field.partnerSuggestions;
  const usePartner = (partner: PartnerSuggestion) => {
    if (!partnerRule) return;
    let updated = setValue(model, partnerRule.idField, partner.id);
    const select = partnerRule.onSelect ? controller.handlers?.[partnerRule.onSelect] : undefined;
    const { later } = controller;
    const item = { ...partner };
    if (select)
      updated = select({ field, value: partner.id, model: updated, item, later }) ?? updated;
    controller.edited(path);
    onChange(updated);
  };
  const suggestion = readonly ? undefined : message?.suggestion;
  // A warning that comes with a better value (text spelt for a bank's file): one click takes it.
  // The input keeps its place in the tree, so typing goes on while the offer comes and goes.
  return (
    <>
      {input}
      {suggestion !== undefined && (
        <Button
          size="small"
          sx={{ textTransform: 'none', mt: 0.5 }}
          data-testid={fieldTestId(field, 'suggestion')}
          onClick={() => change(suggestion)}
        >
          {t('schemaForm.useSuggestion', [suggestion])}
        </Button>
      )}
      {partnerRule && (
        <PartnerSuggestions field={field} rule={partnerRule} model={model} onUse={usePartner} />
      )}
    </>
  );
}
