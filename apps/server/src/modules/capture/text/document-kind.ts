import { foldText, languageLabels, LANGUAGES, titleAlternation } from './invoice-labels';

/** UNTDID 1001: a commercial invoice, what a title not listed among another kind's names. */
export const INVOICE_TYPE_CODE = '380';

/** Each title, folded, with the kind of document it names (label-data's titleTypes). */
const KIND_OF_TITLE: ReadonlyMap<string, string> = new Map(
  LANGUAGES.flatMap((language) => {
    const { title, titleTypes } = languageLabels(language);
    const kinds = new Map(
      Object.entries(titleTypes).flatMap(([code, titles]) =>
        titles.map((text) => [foldText(text), code] as const),
      ),
    );
    return title.map((text) => [foldText(text), kinds.get(foldText(text)) ?? INVOICE_TYPE_CODE]);
  }),
);

let titlePattern: RegExp | undefined;

/**
 * The kind of document a printed text says it is (UNTDID 1001), by the first title in it
 * ("DOBROPIS" → 381, "Rechnung" → 380, "Predračun" → 325); undefined when it prints none.
 * Where two titles begin at the same place the longer is taken ("Avansni račun", not "račun").
 */
export function documentTypeCodeOf(text: string): string | undefined {
  titlePattern ??= new RegExp(`(?<![\\p{L}\\p{N}])${titleAlternation()}(?![\\p{L}\\p{N}])`, 'iu');
  const match = titlePattern.exec(text);
  if (!match) return undefined;
  const folded = foldText(match[0].replace(/\s+/g, ' '));
  const exact = KIND_OF_TITLE.get(folded);
  if (exact) return exact;
  // Printed with a dot or hyphen spaced otherwise than the data writes it ("Proforma - Rechnung").
  const squeezed = (value: string) => value.replace(/[\s.-]+/g, '');
  for (const [title, code] of KIND_OF_TITLE) if (squeezed(title) === squeezed(folded)) return code;
  return INVOICE_TYPE_CODE;
}
