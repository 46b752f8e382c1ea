import { describe, expect, it } from 'vitest';
import { catalogue, translate } from '../../plugins/i18n';

/**
 * Slovenian past tense agrees with the subject's gender ("je zavrnil" / "je zavrnila"), so a
 * message whose parameter is the person who acted cannot use an l-participle: "Mateja Mnogo je
 * zavrnil" is wrong for a woman and the catalogue cannot know who it will name.
 */
const AUXILIARY = '(?:je|ni|so|sta|bo|bi|ste|nista|niso)';
const FILLER = '(?:\\s+(?:se|si|ga|jo|ju|jih|mu|ji|že|še|medtem|pravkar|tudi|vam|vas))*';
/** Masculine (-l) or feminine (-la) l-participle, the forms that name a gender. */
const PARTICIPLE = '[a-zčšž]{2,}l(?:a)?\\b';

/** The parameter acts: it opens the message or a clause, then aux and participle follow. */
const PARAMETER_THEN_PARTICIPLE = new RegExp(
  `(?:^|[.:;!?–(]\\s*)\\{\\d+\\}${FILLER}\\s+${AUXILIARY}${FILLER}\\s+${PARTICIPLE}`,
  'iu',
);
/** "Zavrnil je {1}": participle, aux, then the parameter as the subject. */
const PARTICIPLE_THEN_PARAMETER = new RegExp(`${PARTICIPLE}\\s+${AUXILIARY}\\s+\\{\\d+\\}`, 'iu');

function gendered(template: string): boolean {
  return PARAMETER_THEN_PARTICIPLE.test(template) || PARTICIPLE_THEN_PARAMETER.test(template);
}

describe('Slovenian messages that name a person (issue 24)', () => {
  it('tells a gendered message from a neutral one', () => {
    expect(gendered('{1} je zavrnil {0}.')).toBe(true);
    expect(gendered('{1} je zavrnila {0}.')).toBe(true);
    expect(gendered('Dokument {0}: {1} ga je medtem spremenil.')).toBe(true);
    expect(gendered('Potrdil je {0}.')).toBe(true);
    expect(gendered('{0} – zavrnjeno (zavrnitev: {1}).')).toBe(false);
    expect(gendered('Plačilni nalog {0} je bil poslan banki.')).toBe(false);
    expect(gendered('{0} ni pravilo odobritve.')).toBe(false);
    expect(gendered('{0} navaja {1} plačil.')).toBe(false);
  });

  it('has no message in the sl catalogue whose person parameter takes a gendered participle', () => {
    const offending = Object.entries(catalogue.sl).filter(([, text]) => gendered(text));
    expect(offending).toEqual([]);
  });

  it('names the one who rejected a document in a form right for anyone', () => {
    expect(translate('sl', 'notification.rejected', ['Račun 12', 'Mateja Mnogo'])).toBe(
      'Račun 12 – zavrnjeno (zavrnitev: Mateja Mnogo).',
    );
    expect(translate('en-gb', 'notification.rejected', ['Invoice 12', 'Mateja Mnogo'])).toBe(
      'Invoice 12 was rejected by Mateja Mnogo.',
    );
  });
});

describe('the required-field message (spec §5)', () => {
  it('reads as the spec words it, in both languages', () => {
    expect(translate('en-gb', 'validation.required')).toBe('field is required');
    expect(translate('sl', 'validation.required')).toBe('polje je obvezno');
  });
});
