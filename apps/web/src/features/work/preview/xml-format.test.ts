import { describe, expect, it } from 'vitest';
import { formatXml } from './xml-format';

describe('formatXml', () => {
  it('puts each element on its own line, indented by depth', () => {
    expect(
      formatXml(
        '<?xml version="1.0"?><Invoice><ID>R-1</ID><Party><Name>Lipa</Name></Party><X/></Invoice>',
      ),
    ).toBe(
      [
        '<?xml version="1.0"?>',
        '<Invoice>',
        '  <ID>R-1</ID>',
        '  <Party>',
        '    <Name>Lipa</Name>',
        '  </Party>',
        '  <X/>',
        '</Invoice>',
      ].join('\n'),
    );
  });

  it('leaves XML that is already laid out in lines as it is', () => {
    const text = '<a>\n    <b>1</b>\n</a>';
    expect(formatXml(text)).toBe(text);
  });
});
