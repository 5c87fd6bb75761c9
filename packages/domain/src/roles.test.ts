import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, ROLES, canDeleteCompetition, canManageCompetition, roleMeets } from './roles.ts';

describe('roleMeets', () => {
  it('lets nobody but admins through admin-only doors', () => {
    expect(ROLES.filter((r) => roleMeets(r, 'admin'))).toEqual(['admin']);
    expect(roleMeets(null, 'admin')).toBe(false);
  });
  it('lets staff and admins through staff doors, not organizers', () => {
    expect(ROLES.filter((r) => roleMeets(r, 'staff'))).toEqual(['admin', 'staff']);
  });
  it('needs a sign-in for everything but public', () => {
    expect(ACCESS_LEVELS.filter((a) => roleMeets(null, a))).toEqual(['public']);
    for (const role of ROLES) expect(roleMeets(role, 'signed-in')).toBe(true);
  });
  it('is monotonic: whatever a lower access level refuses, a higher one refuses too', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...ROLES), fc.nat(3), fc.nat(3), (role, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        if (!roleMeets(role, ACCESS_LEVELS[lo]!)) expect(roleMeets(role, ACCESS_LEVELS[hi]!)).toBe(false);
      }),
    );
  });
});

describe('canManageCompetition', () => {
  it('limits organizers to their own competitions, case-insensitively', () => {
    const organizer = { role: 'organizer' as const, email: 'Ann@Example.com' };
    expect(canManageCompetition(organizer, 'ann@example.com ')).toBe(true);
    expect(canManageCompetition(organizer, 'bob@example.com')).toBe(false);
  });
  it('lets staff and admins manage any competition', () => {
    expect(canManageCompetition({ role: 'staff', email: 's@x.io' }, 'bob@example.com')).toBe(true);
    expect(canManageCompetition({ role: 'admin', email: 'a@x.io' }, 'bob@example.com')).toBe(true);
  });
});

describe('who may delete a competition', () => {
  it("is administrators and the competition's own organizer, never other staff or organizers", () => {
    expect(canDeleteCompetition({ role: 'admin', email: 'a@x.test' }, 'o@x.test')).toBe(true);
    expect(canDeleteCompetition({ role: 'organizer', email: 'O@x.test' }, 'o@x.test')).toBe(true);
    expect(canDeleteCompetition({ role: 'organizer', email: 'p@x.test' }, 'o@x.test')).toBe(false);
    expect(canDeleteCompetition({ role: 'staff', email: 's@x.test' }, 'o@x.test')).toBe(false);
  });
});
