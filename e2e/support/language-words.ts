import fs from 'node:fs';
import path from 'node:path';

/**
 * The words that give a screen's language away, from the translation catalogue itself
 * (apps/server/src/modules/translations/catalogue/{en-gb,sl}/*.json, every file merged): an
 * English word is one of an en-gb text that no Slovenian text has, a Slovenian word likewise
 * the other way round. A Slovenian screen showing an English word (or the reverse) shows a
 * text that did not go through the catalogue, or one left untranslated.
 */
const CATALOGUE_DIR = path.join(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'server',
  'src',
  'modules',
  'translations',
  'catalogue',
);

/** Words of four letters or more, lower-cased; placeholders ({0}, {name}) are no words. */
export function wordsOf(text: string): string[] {
  const plain = text.replace(/\{[^}]*\}/g, ' ');
  return (plain.match(/\p{L}{4,}/gu) ?? []).map((word) => word.toLocaleLowerCase());
}

export type CatalogueLanguage = 'en-gb' | 'sl';

/** A language's catalogue, every topic file merged (keys are flat), as the server merges it. */
export function catalogue(language: CatalogueLanguage): Record<string, string> {
  const dir = path.join(CATALOGUE_DIR, language);
  const merged: Record<string, string> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const entries = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const [key, value] of Object.entries(entries))
      if (typeof value === 'string') merged[key] = value;
  }
  return merged;
}

function catalogueTexts(language: CatalogueLanguage): string[] {
  return Object.values(catalogue(language));
}

function wordSet(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap(wordsOf));
}

export interface LanguageWords {
  /** Words of en-gb texts no sl text has. */
  english: Set<string>;
  /** Words of sl texts no en-gb text has. */
  slovenian: Set<string>;
}

/** The two word lists, built from the catalogue as it is now. */
export function languageWords(): LanguageWords {
  const en = wordSet(catalogueTexts('en-gb'));
  const sl = wordSet(catalogueTexts('sl'));
  return {
    english: new Set([...en].filter((word) => !sl.has(word))),
    slovenian: new Set([...sl].filter((word) => !en.has(word))),
  };
}

/**
 * The words of a screen's visible text that belong to the other language's list, once the
 * user's own data (what the test typed or uploaded: names, numbers, file names) is taken out.
 * Each with a little of the text around it, to find it on the screenshot.
 */
export function foreignWords(
  visibleText: string,
  foreign: ReadonlySet<string>,
  userData: readonly string[] = [],
): string[] {
  let text = visibleText;
  for (const data of [...userData].sort((a, b) => b.length - a.length)) {
    if (data) text = text.split(data).join(' ');
  }
  const found = new Map<string, string>();
  for (const match of text.matchAll(/\p{L}{4,}/gu)) {
    const word = match[0].toLocaleLowerCase();
    if (!foreign.has(word) || found.has(word)) continue;
    const at = match.index;
    const around = text
      .slice(Math.max(0, at - 30), at + match[0].length + 30)
      .replace(/\s+/g, ' ')
      .trim();
    found.set(word, `${word} (…${around}…)`);
  }
  return [...found.values()];
}
