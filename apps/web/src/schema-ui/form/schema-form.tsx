import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  type Ref,
} from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  applyStoredExpressions,
  getValue,
  setValue,
  type Model,
  type Schema,
} from '@listina/forms';
import { useI18n } from '../../app/i18n';
import type { FieldHandlers } from '../types';
import { FormControllerContext, type FormController } from './form-controller';
import { FormFields } from './form-fields';
import { tabLabelOf } from './labels';
import { MessageSummary } from './message-summary';
import { useFirstFieldFocus } from './use-first-field-focus';
import { useFormMessages } from './use-form-messages';

/** What a dialog can ask of the form before saving. */
export interface SchemaFormHandle {
  /** Shows every field's message; true when the model passes the schema's rules. */
  validate: () => boolean;
}

export interface SchemaFormProps {
  schema: Schema;
  model: Model;
  /** The changed model, with stored expressions applied (spec §3 storedExpr). */
  onChange: (model: Model) => void;
  /** The whole form read-only (a locked dialog). */
  readonly?: boolean;
  /** A failed save (ApiRequestError): its messages attach to fields until edited (spec §5). */
  serverError?: unknown;
  /** The record's validations list (spec §3 validation messages). */
  validations?: unknown;
  /** Errors found outside the schema (the caller's validate hook), shown in the summary. */
  extraErrors?: readonly string[];
  /**
   * Warnings the caller attaches to fields by path (a value read with low confidence), shown
   * as a server's warnings are while the field has no other message.
   */
  fieldWarnings?: Readonly<Record<string, string>>;
  /** spec §5: list every message in the summary, not only the field-less ones. */
  showAll?: boolean;
  handlers?: FieldHandlers;
  onButtonClick?: (name: string) => void;
  ref?: Ref<SchemaFormHandle>;
  testId?: string;
  /** spec §9: focus the first field on opening (default); off where the page owns the focus. */
  autoFocus?: boolean;
}

/**
 * A form drawn from a server schema (spec §3, §5): tabs, layout rows, labels, visibility,
 * importance, read-only fields, computed values and validation shown as the user works.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { schema, model, onChange, readonly = false, testId = 'schema-form' } = props;
  const { ref, handlers, onButtonClick, serverError, validations, extraErrors, showAll } = props;
  const idPrefix = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  useFirstFieldFocus(formRef, props.autoFocus ?? true);
  const messages = useFormMessages({
    schema,
    model,
    serverError,
    validations,
    extraErrors,
    fieldWarnings: props.fieldWarnings,
    showAll,
  });
  useImperativeHandle(ref, () => ({ validate: messages.validate }), [messages.validate]);

  const { messageAt, hasMessageUnder, touch, edited, setInputMessage } = messages;
  const change = (next: Model) => onChange(applyStoredExpressions(schema, next));
  // A handler's later patch applies to the model as it is then, and to nothing once unmounted.
  const latest = useRef<{ model: Model; change: (next: Model) => void } | null>(null);
  useEffect(() => {
    latest.current = { model, change };
  });
  useEffect(() => () => void (latest.current = null), []);
  const later = useCallback((patch: (formModel: Model) => Model) => {
    const current = latest.current;
    if (current) current.change(patch(current.model));
  }, []);
  const controller = useMemo<FormController>(
    () => ({
      idPrefix,
      readonly,
      messageAt,
      hasMessageUnder,
      touch,
      edited,
      setInputMessage,
      handlers,
      later,
      onButtonClick,
    }),
    [
      idPrefix,
      readonly,
      messageAt,
      hasMessageUnder,
      touch,
      edited,
      setInputMessage,
      handlers,
      later,
      onButtonClick,
    ],
  );

  return (
    <FormControllerContext value={controller}>
      <Box
        component="form"
        ref={formRef}
        noValidate
        data-testid={testId}
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <FormTabs
          schema={schema}
          model={model}
          readonly={readonly}
          onChange={change}
          onEdited={edited}
        />
        <MessageSummary
          messages={messages.summary}
          labelOf={messages.labelForPath}
          testId={`${testId}-summary`}
        />
        <FormFields schema={schema} model={model} pathPrefix="" onChange={change} />
      </Box>
    </FormControllerContext>
  );
}

interface FormTabsProps {
  schema: Schema;
  model: Model;
  readonly: boolean;
  onChange: (model: Model) => void;
  onEdited: (path: string) => void;
}

/** spec §3 tabs: choosing one stores its value in tabsValueField; conditions do the rest. */
function FormTabs({ schema, model, readonly, onChange, onEdited }: FormTabsProps) {
  const { t, has } = useI18n();
  const { tabs, tabsValueField } = schema;
  if (!tabs || tabsValueField === undefined) return null;
  const current = getValue(model, tabsValueField);
  const value = tabs.some((tab) => tab.value === current) ? current : false;
  return (
    <Tabs
      value={value}
      variant="scrollable"
      onChange={(_, next: string) => {
        if (readonly) return;
        onEdited(tabsValueField);
        onChange(setValue(model, tabsValueField, next));
      }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.value}
          value={tab.value}
          label={tabLabelOf(tab, schema, t, has)}
          disabled={readonly && tab.value !== current}
        />
      ))}
    </Tabs>
  );
}
