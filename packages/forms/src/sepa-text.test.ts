import { describe, expect, it } from 'vitest';
import {
  checkSepaIdentifier,
  checkSepaText,
  isSepaCharacter,
  toSepaText,
  transliterate,
} from './sepa-text';

describe('checkSepaText', () => {
  it('accepts the EPC basic Latin set', () => {
    expect(checkSepaText("abcXYZ 0189 / - ? : ( ) . , ' +")).toBeUndefined();
    expect(checkSepaText('')).toBeUndefined();
  });

  it('accepts the Slovenian letters Slovenian banks take', () => {
    expect(checkSepaText('Čebelarstvo Šuštar, Žalec, Ćosić Đorđe')).toBeUndefined();
  });

  it('returns the first character outside the set', () => {
    expect(checkSepaText('Račun št. 17 & 18')).toBe('&');
    expect(checkSepaText('Müller')).toBe('ü');
    expect(checkSepaText('a_b')).toBe('_');
    expect(checkSepaText('line\nbreak')).toBe('\n');
    expect(checkSepaText('Invoice €10')).toBe('€');
    expect(checkSepaText('ok 😀')).toBe('😀');
    expect(checkSepaText('"quoted"')).toBe('"');
  });

  it('refuses the Slovenian letters for a cross-border file', () => {
    expect(checkSepaText('Šuštar', { slovenianLetters: false })).toBe('Š');
    expect(checkSepaText('Sustar', { slovenianLetters: false })).toBeUndefined();
    expect(isSepaCharacter('ž', { slovenianLetters: false })).toBe(false);
    expect(isSepaCharacter('ž')).toBe(true);
  });
});

describe('transliterate', () => {
  it('writes the Slovenian letters without their marks, capitals too', () => {
    expect(transliterate('čćđšž ČĆĐŠŽ')).toBe('ccdsz CCDSZ');
    expect(transliterate('Čebelarstvo Šuštar d.o.o., Žalec')).toBe(
      'Cebelarstvo Sustar d.o.o., Zalec',
    );
  });

  it('leaves every other character alone', () => {
    expect(transliterate('Müller & Co')).toBe('Müller & Co');
    expect(checkSepaText(transliterate('Đurić Žan'), { slovenianLetters: false })).toBeUndefined();
  });
});

describe('checkSepaIdentifier', () => {
  it('accepts identifiers of up to 35 EPC characters', () => {
    expect(checkSepaIdentifier('MSG-2025-11-24/001')).toBeUndefined();
    expect(checkSepaIdentifier('NOTPROVIDED')).toBeUndefined();
    expect(checkSepaIdentifier('A'.repeat(35))).toBeUndefined();
  });

  it('refuses empty and over-long identifiers', () => {
    expect(checkSepaIdentifier('')).toBe('empty');
    expect(checkSepaIdentifier('A'.repeat(36))).toBe('tooLong');
  });

  it('refuses characters outside the EPC set, Slovenian letters included', () => {
    expect(checkSepaIdentifier('PO_17')).toBe('character');
    expect(checkSepaIdentifier('PLAČILO-17')).toBe('character');
  });

  it('refuses a leading or trailing slash and a double slash', () => {
    expect(checkSepaIdentifier('/PO17')).toBe('slash');
    expect(checkSepaIdentifier('PO17/')).toBe('slash');
    expect(checkSepaIdentifier('PO//17')).toBe('slash');
    expect(checkSepaIdentifier('PO/17')).toBeUndefined();
  });
});

describe('toSepaText', () => {
  it('spells every character outside the set in it, as a bank would', () => {
    expect(toSepaText('Müller & Ørsted €')).toBe('Mueller + Orsted EUR');
    expect(toSepaText('Straße 5; Åre “Nord”')).toBe("Strasse 5, Are 'Nord'");
    expect(toSepaText('Łódź – Café_№1')).toBe('Lodz - Cafe-.1');
    expect(toSepaText('北京 Ltd')).toBe('.. Ltd');
  });

  it('keeps Slovenian letters unless a file across borders asks otherwise', () => {
    expect(toSepaText('Žnidaršič & Müller')).toBe('Žnidaršič + Mueller');
    expect(toSepaText('Žnidaršič & Müller', { slovenianLetters: false })).toBe(
      'Znidarsic + Mueller',
    );
    expect(toSepaText('Plačilo 1/2')).toBe('Plačilo 1/2');
  });

  it('always gives text a SEPA file can carry', () => {
    const samples = ['Ǆ ǅ ﬁ 💶 \t\n ¿¡ ½ ™ ©', 'ŒUVRE Æsir þorn Ħal', '<tag> "quoted" 100%'];
    for (const text of samples) {
      expect(checkSepaText(toSepaText(text), { slovenianLetters: false })).toBeUndefined();
    }
  });
});
