import { describe, expect, it } from 'vitest';
import { findDates, parseDate } from './dates';

describe('parseDate', () => {
  it.each([
    ['3 August 2014', '2014-08-03'],
    ['August 3, 2014', '2014-08-03'],
    ['August 3 2014', '2014-08-03'],
    ['Aug 3 2014', '2014-08-03'],
    ['Aug. 3, 2014', '2014-08-03'],
    ['3rd August 2014', '2014-08-03'],
    ['3rd of August 2014', '2014-08-03'],
    ['3. avgust 2014', '2014-08-03'],
    ['3. avgusta 2014', '2014-08-03'],
    ['3 août 2014', '2014-08-03'],
    ['3 aout 2014', '2014-08-03'],
    ['1er janvier 2015', '2015-01-01'],
    ['3. März 2014', '2014-03-03'],
    ['3. Maerz 2014', '2014-03-03'],
    ['3. Jänner 2014', '2014-01-03'],
    ['3 maart 2014', '2014-03-03'],
    ['3 agosto 2014', '2014-08-03'],
    ['3. kolovoza 2014', '2014-08-03'],
    ['3. KOLOVOZA 2014.', '2014-08-03'],
    ['15. studenoga 2022', '2022-11-15'],
    ['20-10-2015', '2015-10-20'],
    ['28/11/2022', '2022-11-28'],
    ['2014-04-19', '2014-04-19'],
    ['2014/04/19', '2014-04-19'],
    ['19.04.2014', '2014-04-19'],
    ['19.04.2014.', '2014-04-19'],
    ['19. 04. 2014', '2014-04-19'],
    ['19.4.14', '2014-04-19'],
    ['03-Aug-2014', '2014-08-03'],
    ['3-Aug-14', '2014-08-03'],
    ['03 Aug 14', '2014-08-03'],
    ['29.02.2024', '2024-02-29'],
    ['  1.1.2025  ', '2025-01-01'],
    ['2021.09.30.', '2021-09-30'],
    ['2021. 09. 30.', '2021-09-30'],
    ['2021. 9. 3', '2021-09-03'],
    ['2021. szeptember 30.', '2021-09-30'],
    ['2021. szept. 30.', '2021-09-30'],
    ['2022. március 1.', '2022-03-01'],
    ['10. února 2015', '2015-02-10'],
    ['15. listopadu 2022', '2022-11-15'],
    ['3. července 2024', '2024-07-03'],
    ['3 stycznia 2024', '2024-01-03'],
    ['3 października 2024', '2024-10-03'],
    ['3. septembra 2024', '2024-09-03'],
    ['3 de agosto de 2014', '2014-08-03'],
    ['3 de septiembre 2014', '2014-09-03'],
  ])('%s → %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each([
    '31.02.2014',
    '29.02.2023',
    '32.01.2014',
    '31/04/2022',
    '2014-13-01',
    '2014-02-30',
    '31 June 2014',
    '3 Augustus 2014x',
    '3 Foo 2014',
    '19.04.1850',
    '12345',
    '1.234,56',
    'Invoice 19.04.2014',
    '',
  ])('%s is no date', (text) => {
    expect(parseDate(text)).toBeUndefined();
  });

  it('reads an ambiguous numeric date day first unless the hint says month first', () => {
    expect(parseDate('05/06/2022')).toBe('2022-06-05');
    expect(parseDate('05/06/2022', { language: 'en' })).toBe('2022-06-05');
    expect(parseDate('05/06/2022', { language: 'en', country: 'GB' })).toBe('2022-06-05');
    expect(parseDate('05/06/2022', { country: 'US' })).toBe('2022-05-06');
    expect(parseDate('05/06/2022', { language: 'en', country: 'us' })).toBe('2022-05-06');
    expect(parseDate('05/06/2022', { order: 'mdy' })).toBe('2022-05-06');
    expect(parseDate('05-06-22', { order: 'mdy' })).toBe('2022-05-06');
  });

  it('reads a date that can only be one way the same whatever the hint', () => {
    expect(parseDate('13/06/2022', { order: 'mdy' })).toBe('2022-06-13');
    expect(parseDate('06/13/2022')).toBe('2022-06-13');
    expect(parseDate('06/13/2022', { order: 'dmy' })).toBe('2022-06-13');
    // Dots are day first in every country.
    expect(parseDate('05.06.2022', { country: 'US' })).toBe('2022-06-05');
    expect(parseDate('13/13/2022')).toBeUndefined();
  });
});

describe('findDates', () => {
  it('finds every date in a text with where it is printed', () => {
    const text = 'Datum računa: 19. 04. 2014, rok plačila 3. maja 2014; dobava 2014-04-18.';
    const found = findDates(text);
    expect(found.map((f) => f.value)).toEqual(['2014-04-19', '2014-05-03', '2014-04-18']);
    expect(found.map((f) => text.slice(f.index, f.index + f.length))).toEqual([
      '19. 04. 2014',
      '3. maja 2014',
      '2014-04-18',
    ]);
  });

  it('finds month-first dates in English text and skips numbers that are no dates', () => {
    const text = 'Invoice date: March 5, 2024 Due: 4 Apr 2024 Total 1.234,56 IBAN SI56 0201 0001';
    expect(findDates(text).map((f) => f.value)).toEqual(['2024-03-05', '2024-04-04']);
  });

  it('skips impossible dates and dates inside longer numbers', () => {
    expect(findDates('31.02.2014 1.12.2014.5 12/12/2012/1 v1.2.24 0012.03.2014')).toEqual([]);
  });

  it('uses the hint for every ambiguous date', () => {
    expect(findDates('Date 02/03/2024, due 04/02/2024', { country: 'US' })).toMatchObject([
      { value: '2024-02-03' },
      { value: '2024-04-02' },
    ]);
  });
});
