// The real interface texts, so that component tests assert what a user reads. They are the
// server's files (it serves them at /api/translation/{locale}); tests read them, never import.
const files = import.meta.glob<Record<string, string>>(
  '../../../server/src/modules/translations/catalogue/*/*.json',
  { eager: true, import: 'default' },
);

export function catalogueFiles(locale: string): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = /catalogue\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === locale && match[2]) result[match[2]] = messages;
  }
  return result;
}

/** The merged messages of a locale, as GET /api/translation/{locale} answers them. */
export function messagesOf(locale: string): Record<string, string> {
  return Object.assign({}, ...Object.values(catalogueFiles(locale))) as Record<string, string>;
}

const english = messagesOf('en-gb');

/** The English text of a key, with {0}… filled in. */
export function en(key: string, ...params: (string | number)[]): string {
  const template = english[key];
  if (template === undefined) throw new Error(`No en-gb text for ${key}`);
  return template.replace(/\{(\d+)\}/g, (whole, index: string) =>
    String(params[Number(index)] ?? whole),
  );
}
