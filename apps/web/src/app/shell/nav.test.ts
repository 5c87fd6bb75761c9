import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navItemsFor } from './nav.ts';

describe('sidebar', () => {
  it("lists the spec's entries in the spec's order", () => {
    expect(NAV_ITEMS.slice(0, 10).map((i) => i.to)).toEqual([
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
});
