export type MessageParams =
  readonly (string | number)[] | Readonly<Record<string, string | number>>;

/**
 * Fills the placeholders of a catalogue text: `{0}`, `{1}` from a list, `{name}` from a record.
 * An unknown placeholder is left as written so that the gap is visible.
 */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = Array.isArray(params)
      ? (params as readonly (string | number)[])[Number(name)]
      : (params as Readonly<Record<string, string | number>>)[name];
    return value === undefined ? whole : String(value);
  });
}

/** Looks a key up; a missing key shows as itself (spec §8: failed loads leave empty messages). */
export function translate(
  messages: Readonly<Record<string, string>>,
  key: string,
  params?: MessageParams,
): string {
  return formatMessage(messages[key] ?? key, params);
}
