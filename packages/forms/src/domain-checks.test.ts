import { describe, expect, it } from 'vitest';
import {
  DOMAIN_CHECK_CODES,
  DOMAIN_CHECK_FUNCTIONS,
  DOMAIN_CHECKS,
  DOMAIN_WARNING_CODES,
  DOMAIN_WARNING_FUNCTIONS,
  runDomainCheck,
  type DomainCheckName,
} from './domain-checks';
import type { Model } from './fields';
import { ValidationRuleSchema } from './schema';

const TODAY = '2026-11-24';

const check = (name: DomainCheckName, value: unknown, model: Model = {}) =>
  runDomainCheck(name, value, model, TODAY);

const codes: readonly string[] = DOMAIN_CHECK_CODES;

/** The message a check gives; its code must be one DOMAIN_CHECK_CODES lists for translation. */
const failure = (code: string, ...parameters: (string | number)[]) => {
  expect(codes).toContain(code);
  return { code, parameters };
};

describe('domain checks', () => {
  it('has a function for every check a validation rule may name', () => {
    expect(Object.keys(DOMAIN_CHECK_FUNCTIONS).sort()).toEqual([...DOMAIN_CHECKS].sort());
    expect(ValidationRuleSchema.parse({ check: 'iban' })).toEqual({ check: 'iban' });
    expect(ValidationRuleSchema.safeParse({ check: 'isbn' }).success).toBe(false);
  });
});

describe('iban', () => {
  it('accepts an IBAN with or without spaces, in any case', () => {
    expect(check('iban', 'SI56191000000123438')).toBeUndefined();
    expect(check('iban', 'si56 1910 0000 0123 438')).toBeUndefined();
    expect(check('iban', 'DE89 3704 0044 0532 0130 00')).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(check('iban', '1910000000123438')).toEqual(failure('validation.iban.format'));
    expect(check('iban', 'XX56191000000123438')).toEqual(failure('validation.iban.country'));
    expect(check('iban', 'SI5619100000012343')).toEqual(failure('validation.iban.length'));
    expect(check('iban', 'SI56191000000123439')).toEqual(failure('validation.iban.checksum'));
    expect(check('iban', { iban: 'SI56' })).toEqual(failure('validation.iban.format'));
  });
});

describe('recipientAccount', () => {
  const nonSepa = (fields: Model) => ({ paymentType: 'NONSEPA', ...fields });

  it('takes an IBAN for every payment type, and only an IBAN for SEPA ones', () => {
    expect(check('recipientAccount', 'SI56 1910 0000 0123 438', { paymentType: 'SEPA_SI' })).toBe(
      undefined,
    );
    expect(check('recipientAccount', 'SI83 0201 7001 4356 204', { paymentType: 'SEPA' })).toEqual(
      failure('validation.iban.nationalCheck'),
    );
    expect(
      check('recipientAccount', '123456789', { paymentType: 'SEPA', recipientCountryCode: 'US' }),
    ).toEqual(failure('validation.iban.format'));
  });

  it("takes an account number with the bank's BIC outside SEPA where banks have no IBANs", () => {
    expect(check('recipientAccount', '0033 0096 7386', nonSepa({ recipientBIC: 'CHASUS33' }))).toBe(
      undefined,
    );
    expect(
      check('recipientAccount', '6222021001115678', nonSepa({ recipientBankBIC: 'ICBKCNBJ' })),
    ).toBeUndefined();
    expect(
      check('recipientAccount', '0033 0096 7386', nonSepa({ recipientCountryCode: 'US' })),
    ).toEqual(failure('validation.account.bicRequired'));
    expect(check('recipientAccount', '0033 0096 7386', nonSepa({}))).toEqual(
      failure('validation.account.country'),
    );
    expect(check('recipientAccount', '12#34', nonSepa({ recipientBIC: 'CHASUS33' }))).toEqual(
      failure('validation.account.format'),
    );
  });

  it("takes the bank's clearing code instead of its BIC", () => {
    const byClearing = nonSepa({
      recipientCountryCode: 'US',
      recipientBankClearingId: 'USABA021000021',
    });
    expect(check('recipientAccount', '0033 0096 7386', byClearing)).toBeUndefined();
    expect(check('clearingId', 'usaba 0210 0002 1')).toBeUndefined();
    expect(check('clearingId', 'CNAPS102100099996')).toBeUndefined();
    expect(check('clearingId', '021000021')).toEqual(failure('validation.clearingId.format'));
    expect(check('clearingId', 'XXABA021000021')).toEqual(failure('validation.clearingId.format'));
    expect(
      check('recipientAccount', '0033 0096 7386', {
        ...byClearing,
        recipientBankClearingId: '021000021',
      }),
    ).toEqual(failure('validation.account.bicRequired'));
  });

  it('wants the IBAN where the bank is in a country with IBANs', () => {
    expect(
      check('recipientAccount', '0532013000', nonSepa({ recipientBankBIC: 'COBADEFF' })),
    ).toEqual(failure('validation.account.ibanCountry', 'DE'));
    expect(
      check(
        'recipientAccount',
        'RS35 2600 0560 1001 6113 79',
        nonSepa({ recipientCountryCode: 'RS' }),
      ),
    ).toBeUndefined();
  });
});

describe('bic', () => {
  it('accepts 8 and 11 character BICs, in any case', () => {
    expect(check('bic', 'LJBASI2X')).toBeUndefined();
    expect(check('bic', 'ljbasi2xxxx')).toBeUndefined();
  });

  it('refuses malformed and test BICs', () => {
    expect(check('bic', 'LJBASI2')).toEqual(failure('validation.bic.format'));
    expect(check('bic', 'LJBA SI 2X 12')).toEqual(failure('validation.bic.format'));
    expect(check('bic', 'LJBASI20')).toEqual(failure('validation.bic.test'));
    expect(check('bic', 'BARCUK22')).toEqual(failure('validation.bic.country'));
  });
});

describe('paymentReference', () => {
  const si = (recipientModel: string): Model => ({ recipientReferenceType: 'SI', recipientModel });
  const rf: Model = { recipientReferenceType: 'RF', recipientModel: '' };
  const nrc: Model = { recipientReferenceType: 'NRC', recipientModel: '' };

  it('SI: checks the reference by its model', () => {
    expect(check('paymentReference', '12345678909', si('SI12'))).toBeUndefined();
    expect(check('paymentReference', '1236-17-345679', si('SI08'))).toBeUndefined();
    expect(check('paymentReference', '19-1235-84503', si('si05'))).toBeUndefined();
    expect(check('paymentReference', '12 3', si('SI00'))).toBeUndefined();
    expect(check('paymentReference', '12-34-5678', si('SI01'))).toEqual(
      failure('validation.reference.checkDigit'),
    );
    expect(check('paymentReference', '1-2-3-4', si('SI00'))).toEqual(
      failure('validation.reference.format'),
    );
  });

  it('SI: needs a known model, and SI99 has no reference', () => {
    expect(check('paymentReference', '123', si(''))).toEqual(
      failure('validation.reference.modelRequired'),
    );
    expect(check('paymentReference', '123', { recipientReferenceType: 'SI' })).toEqual(
      failure('validation.reference.modelRequired'),
    );
    expect(check('paymentReference', '123', si('SI13'))).toEqual(
      failure('validation.reference.unknownModel'),
    );
    expect(check('paymentReference', '123', si('RF18'))).toEqual(
      failure('validation.reference.unknownModel'),
    );
    expect(check('paymentReference', '123', si('SI99'))).toEqual(
      failure('validation.reference.format'),
    );
  });

  it('RF: checks the whole reference by ISO 11649', () => {
    expect(check('paymentReference', 'RF18539007547034', rf)).toBeUndefined();
    expect(check('paymentReference', 'rf18 5390 0754 70y', rf)).toBeUndefined();
    expect(check('paymentReference', 'RF17539007547034', rf)).toEqual(
      failure('validation.reference.checkDigit'),
    );
    expect(check('paymentReference', '539007547034', rf)).toEqual(
      failure('validation.reference.format'),
    );
    expect(check('paymentReference', 'RF18', rf)).toEqual(failure('validation.reference.format'));
  });

  it('NRC: SEPA text of up to 140 characters', () => {
    expect(check('paymentReference', 'Račun 2025/17, št. 4', nrc)).toBeUndefined();
    expect(check('paymentReference', 'x'.repeat(140), nrc)).toBeUndefined();
    expect(check('paymentReference', 'x'.repeat(141), nrc)).toEqual(
      failure('validation.tooLong', 140),
    );
    expect(check('paymentReference', 'Invoice #17', nrc)).toEqual(
      failure('validation.sepaText', '#'),
    );
  });

  it('without a type, goes by the model and the reference', () => {
    expect(check('paymentReference', '12345678909', { recipientModel: 'SI12' })).toBeUndefined();
    expect(check('paymentReference', '12345678908', { recipientModel: 'SI12' })).toEqual(
      failure('validation.reference.checkDigit'),
    );
    expect(check('paymentReference', 'RF18539007547034')).toBeUndefined();
    expect(check('paymentReference', 'Invoice 17')).toBeUndefined();
  });
});

describe('sepaText', () => {
  it('accepts the EPC set and Slovenian letters', () => {
    expect(check('sepaText', "Plačilo računa 2025-17 (del 1/2), d.o.o. + 'Žito'")).toBeUndefined();
    expect(check('sepaText', 17)).toBeUndefined();
  });

  it('refuses no character: one outside the set is a warning with the text spelt in it', () => {
    expect(check('sepaText', 'Müller & Söhne')).toBeUndefined();
    const warn = DOMAIN_WARNING_FUNCTIONS.sepaText;
    expect(warn?.('Müller & Ørsted €', {})).toEqual({
      code: 'warnings.sepaText',
      parameters: ['ü', 'Mueller + Orsted EUR'],
      suggestion: 'Mueller + Orsted EUR',
    });
    expect(DOMAIN_WARNING_CODES).toContain('warnings.sepaText');
    expect(warn?.('Čistilni servis Žnidaršič', {})).toBeUndefined();
  });
});

describe('paymentAmount', () => {
  it('accepts positive amounts with at most 2 decimals, as text or numbers', () => {
    for (const amount of ['12.50', '0.01', '12.500', '1000000', 12.5, 3]) {
      expect(check('paymentAmount', amount), String(amount)).toBeUndefined();
    }
  });

  it('refuses zero and negative amounts', () => {
    for (const amount of ['0', '0.00', '-5', -0.01, 0]) {
      expect(check('paymentAmount', amount), String(amount)).toEqual(
        failure('validation.amount.notPositive'),
      );
    }
  });

  it('refuses more than 2 decimals', () => {
    expect(check('paymentAmount', '12.505')).toEqual(failure('validation.amount.decimals'));
    expect(check('paymentAmount', 0.001)).toEqual(failure('validation.amount.decimals'));
  });

  it('refuses what is not an amount', () => {
    for (const amount of ['12,50', 'abc', '1e5', true]) {
      expect(check('paymentAmount', amount), String(amount)).toEqual(
        failure('validation.amount.format'),
      );
    }
  });
});

describe('sepaCurrency', () => {
  it('requires euros for SEPA and SEPA_SI payments', () => {
    expect(check('sepaCurrency', 'EUR', { paymentType: 'SEPA_SI' })).toBeUndefined();
    expect(check('sepaCurrency', 'eur', { paymentType: 'SEPA' })).toBeUndefined();
    expect(check('sepaCurrency', 'USD', { paymentType: 'SEPA_SI' })).toEqual(
      failure('validation.currency.sepaEur'),
    );
    expect(check('sepaCurrency', 'CHF', { paymentType: 'SEPA' })).toEqual(
      failure('validation.currency.sepaEur'),
    );
  });

  it('allows any currency for other payment types', () => {
    expect(check('sepaCurrency', 'USD', { paymentType: 'SWIFT' })).toBeUndefined();
    expect(check('sepaCurrency', 'USD')).toBeUndefined();
  });
});

describe('notPast', () => {
  it('accepts today and later', () => {
    expect(check('notPast', TODAY)).toBeUndefined();
    expect(check('notPast', '2026-11-25')).toBeUndefined();
    expect(check('notPast', '2027-01-01')).toBeUndefined();
  });

  it('refuses a date before today', () => {
    expect(check('notPast', '2026-11-23')).toEqual(failure('validation.date.past'));
    expect(check('notPast', '2025-12-31')).toEqual(failure('validation.date.past'));
  });

  it('refuses what is not an ISO date', () => {
    for (const date of ['24.11.2026', '2026-02-30', 20261124]) {
      expect(check('notPast', date), String(date)).toEqual(failure('validation.date.format'));
    }
  });
});
