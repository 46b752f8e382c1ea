import { describe, expect, it } from 'vitest';
import { rightBarWidth } from './constants';
import { formatMessage } from './messages';
import { pickActiveOrganization, sortOrganizations } from './organizations';
import { effectiveRoles, isAdmin } from './roles';

const org = (id: string, nameNick: string, roles: string[] = []) => ({ id, nameNick, roles });

describe('organisations and roles', () => {
  it('sorts names as people read them, č after c', () => {
    const sorted = sortOrganizations(
      [org('1', 'Zebra'), org('2', 'čebela'), org('3', 'Cvet')],
      'sl',
    );
    expect(sorted.map((o) => o.nameNick)).toEqual(['Cvet', 'čebela', 'Zebra']);
  });

  it('restores the stored organisation, else takes the first', () => {
    const list = [org('a', 'A'), org('b', 'B')];
    expect(pickActiveOrganization(list, 'b')?.id).toBe('b');
    expect(pickActiveOrganization(list, 'gone')?.id).toBe('a');
    expect(pickActiveOrganization([], 'a')).toBeNull();
  });

  it('combines lower-cased organisation and token roles (spec §6)', () => {
    const roles = effectiveRoles(['SysAdmin'], org('a', 'A', ['User', 'dataentryextended']));
    expect(roles).toEqual(['user', 'dataentryextended', 'sysadmin']);
    expect(isAdmin(roles)).toBe(true);
    expect(isAdmin(effectiveRoles([], org('a', 'A', ['user'])))).toBe(false);
  });
});

describe('formatMessage', () => {
  it('fills numbered and named placeholders and leaves unknown ones', () => {
    expect(formatMessage('Try again in {0} seconds.', [30])).toBe('Try again in 30 seconds.');
    expect(formatMessage('Hello {name} {x}', { name: 'Ana' })).toBe('Hello Ana {x}');
  });
});

describe('right bar width (spec §9)', () => {
  it('is the viewport minus 800, clamped to 500..790', () => {
    expect(rightBarWidth(1000)).toBe(500);
    expect(rightBarWidth(1400)).toBe(600);
    expect(rightBarWidth(2000)).toBe(790);
  });
});
