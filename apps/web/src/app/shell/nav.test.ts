import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navItemsFor } from './nav.ts';

describe('sidebar', () => {
  it("lists the dashboard, then the spec's entries in the spec's order", () => {
    expect(NAV_ITEMS[0]!.to).toBe('/dashboard');
    expect(NAV_ITEMS.slice(1, 11).map((i) => i.to)).toEqual([
      '/preffy/view',
      '/preffy/posts',
      '/preffy/add',
      '/preffy/finish',
      '/preffy/email',
      '/preffy/payments',
      '/preffy/winners',
      '/preffy/analytics',
      '/preffy/calendar',
      '/inquiries',
    ]);
  });
  it('shows Email, Outbox and Users to admins only', () => {
    const adminOnly = ['/preffy/email', '/preffy/outbox', '/admin/users'];
    expect(navItemsFor('admin').map((i) => i.to)).toEqual(expect.arrayContaining(adminOnly));
    for (const role of ['staff', 'organizer'] as const)
      for (const to of adminOnly) expect(navItemsFor(role).map((i) => i.to)).not.toContain(to);
  });
  it('shows Winners to staff and admins, not organizers', () => {
    expect(navItemsFor('staff').map((i) => i.to)).toContain('/preffy/winners');
    expect(navItemsFor('admin').map((i) => i.to)).toContain('/preffy/winners');
    expect(navItemsFor('organizer').map((i) => i.to)).not.toContain('/preffy/winners');
  });
  it('shows Analytics (money and revenue) to staff and admins, not organizers', () => {
    expect(navItemsFor('staff').map((i) => i.to)).toContain('/preffy/analytics');
    expect(navItemsFor('organizer').map((i) => i.to)).not.toContain('/preffy/analytics');
  });
  it('shows Payments to staff and admins, not organizers', () => {
    expect(navItemsFor('staff').map((i) => i.to)).toContain('/preffy/payments');
    expect(navItemsFor('admin').map((i) => i.to)).toContain('/preffy/payments');
    expect(navItemsFor('organizer').map((i) => i.to)).not.toContain('/preffy/payments');
  });
});
