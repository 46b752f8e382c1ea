import { useCallback, useMemo, useState } from 'react';
import { validateModel, validateModelWarnings, type Model, type Schema } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import type { FieldMessage } from '../types';
import { importanceOf, isShown } from './form-fields';
import { labelOf } from './labels';
import { recordValidationsOf, serverMessagesOf, type SummaryMessage } from './server-messages';

interface FormMessagesInput {
  schema: Schema;
  model: Model;
  serverError?: unknown;
  /** The record's own validations list (spec §3). */
  validations?: unknown;
  /** Errors from outside the schema (the edit dialog's validate hook). */
  extraErrors?: readonly string[];
  /** The caller's warnings by field path, shown when the field has no other message. */
  fieldWarnings?: Readonly<Record<string, string>>;
  showAll?: boolean;
}

const NO_PATHS: ReadonlySet<string> = new Set();
const NO_WARNINGS: Readonly<Record<string, string>> = {};

const sameMessage = (a: FieldMessage | undefined, b: FieldMessage | undefined) =>
  a?.text === b?.text && a?.kind === b?.kind;

/**
 * Which message each field shows and what the summary lists (spec §5): a server message until
 * its field is edited; else the input's own parse message; else the first failing schema rule,
 * once the field was edited or left, or the whole form was checked for saving; else the
 * caller's warning about the field.
 */
export function useFormMessages(input: FormMessagesInput) {
  const { schema, model, serverError, validations, extraErrors, showAll = false } = input;
  const fieldWarnings = input.fieldWarnings ?? NO_WARNINGS;
  const { t, has } = useI18n();
  const [touched, setTouched] = useState<ReadonlySet<string>>(NO_PATHS);
  const [submitted, setSubmitted] = useState(false);
  const [inputMessages, setInputMessages] = useState<Record<string, FieldMessage>>({});
  const [cleared, setCleared] = useState({ source: serverError, paths: NO_PATHS });
  const clearedPaths = cleared.source === serverError ? cleared.paths : NO_PATHS;

  // A path has a place in the form when a shown, always-visible field (or a grid's row) owns it.
  const hasField = useCallback(
    (path: string) =>
      schema.fields.some(
        (field) =>
          isShown(field, model) &&
          importanceOf(field) === 0 &&
          (path === field.name ||
            (field.schema !== undefined && path.startsWith(`${field.name}.`))),
      ),
    [schema, model],
  );

  const server = useMemo(
    () => serverMessagesOf(serverError, t, hasField),
    [serverError, t, hasField],
  );
  const issues = useMemo(() => {
    const byPath = new Map<string, FieldMessage>();
    for (const issue of validateModel(schema, model)) {
      if (!byPath.has(issue.field)) {
        byPath.set(issue.field, { text: t(issue.code, issue.parameters), kind: 'error' });
      }
    }
    return byPath;
  }, [schema, model, t]);

  // A domain check's warnings (a character a bank's file cannot carry) with their suggestion.
  const checkWarnings = useMemo(() => {
    const byPath = new Map<string, FieldMessage>();
    for (const warning of validateModelWarnings(schema, model)) {
      byPath.set(warning.field, {
        text: t(warning.code, warning.parameters),
        kind: 'warning',
        suggestion: warning.suggestion,
      });
    }
    return byPath;
  }, [schema, model, t]);

  const messageAt = useCallback(
    (path: string): FieldMessage | undefined => {
      const fromServer = clearedPaths.has(path) ? undefined : server.fields[path];
      if (fromServer) return fromServer;
      if (inputMessages[path]) return inputMessages[path];
      const isShownNow = submitted || touched.has(path);
      const issue = isShownNow ? (issues.get(path) ?? checkWarnings.get(path)) : undefined;
      if (issue) return issue;
      const warning = fieldWarnings[path];
      return warning === undefined ? undefined : { text: warning, kind: 'warning' };
    },
    [clearedPaths, server, inputMessages, submitted, touched, issues, checkWarnings, fieldWarnings],
  );

  const shownPaths = useMemo(() => {
    const paths = new Set<string>([
      ...Object.keys(server.fields),
      ...Object.keys(inputMessages),
      ...Object.keys(fieldWarnings),
    ]);
    for (const path of issues.keys()) paths.add(path);
    for (const path of checkWarnings.keys()) paths.add(path);
    return [...paths].filter((path) => messageAt(path) !== undefined);
  }, [server, inputMessages, fieldWarnings, issues, checkWarnings, messageAt]);

  const hasMessageUnder = useCallback(
    (prefix: string) => shownPaths.some((path) => path.startsWith(prefix)),
    [shownPaths],
  );

  const labelForPath = useCallback(
    (path: string) => pathLabel(schema, path, t, has),
    [schema, t, has],
  );

  const summary = useMemo(() => {
    const lines: SummaryMessage[] = [
      ...(extraErrors ?? []).map((text) => ({ group: 'error' as const, text })),
      ...server.general,
      ...recordValidationsOf(validations, t),
    ];
    for (const path of shownPaths) {
      const message = messageAt(path);
      // Shown at its field already, unless showAll lists everything or the field is hidden.
      if (message && (showAll || !hasField(path))) {
        lines.push({ group: message.kind, text: message.text, field: path });
      }
    }
    return lines;
  }, [extraErrors, server, validations, t, shownPaths, messageAt, showAll, hasField]);

  const touch = useCallback((path: string) => {
    setTouched((old) => (old.has(path) ? old : new Set([...old, path])));
  }, []);

  const edited = useCallback(
    (path: string) => {
      touch(path);
      setCleared((old) => {
        const paths = old.source === serverError ? old.paths : NO_PATHS;
        return paths.has(path) ? old : { source: serverError, paths: new Set([...paths, path]) };
      });
    },
    [touch, serverError],
  );

  const setInputMessage = useCallback((path: string, message: FieldMessage | undefined) => {
    setInputMessages((old) => {
      if (sameMessage(old[path], message)) return old;
      if (message) return { ...old, [path]: message };
      return Object.fromEntries(Object.entries(old).filter(([key]) => key !== path));
    });
  }, []);

  /** Shows every field's message and tells whether the model may be saved. */
  const validate = useCallback(() => {
    setSubmitted(true);
    return issues.size === 0 && Object.keys(inputMessages).length === 0;
  }, [issues, inputMessages]);

  return {
    messageAt,
    hasMessageUnder,
    touch,
    edited,
    setInputMessage,
    summary,
    validate,
    labelForPath,
  };
}

/** 'bankAccounts.1.code' → 'Bank accounts 2 · IBAN'; a plain field → its label. */
function pathLabel(
  schema: Schema,
  path: string,
  t: (key: string) => string,
  has: (key: string) => boolean,
): string | undefined {
  const field = schema.fields.find(
    (item) => path === item.name || (item.schema && path.startsWith(`${item.name}.`)),
  );
  if (!field) return undefined;
  const fieldLabel = labelOf(field, schema, t, has);
  if (path === field.name || !field.schema) return fieldLabel;
  const [index = '', ...rest] = path.slice(field.name.length + 1).split('.');
  const row = `${fieldLabel} ${Number(index) + 1}`;
  const cell = field.schema.fields.find((item) => item.name === rest.join('.'));
  return cell ? `${row} · ${labelOf(cell, field.schema, t, has)}` : row;
}
