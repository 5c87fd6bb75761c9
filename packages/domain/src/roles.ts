/** Who a user is in Preffy Admin. Admins can do everything; staff everything but admin-only actions. */
export const ROLES = ['admin', 'staff', 'organizer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a screen or API route requires: `public` (no sign-in), `signed-in` (any role; organizers
 * are further limited to their own competitions by the feature), `staff` (staff or admin), `admin`.
 */
export const ACCESS_LEVELS = ['public', 'signed-in', 'staff', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

const rank: Record<Role, number> = { organizer: 1, staff: 2, admin: 3 };
const needed: Record<Access, number> = { public: 0, 'signed-in': 1, staff: 2, admin: 3 };

/** True when a user with `role` (null: not signed in) may use something that requires `access`. */
export function roleMeets(role: Role | null, access: Access): boolean {
  return (role ? rank[role] : 0) >= needed[access];
}

/** Organizers see and change only competitions whose organizerEmail is their own. */
export function canManageCompetition(user: { role: Role; email: string }, organizerEmail: string): boolean {
  return user.role !== 'organizer' || user.email.toLowerCase() === organizerEmail.trim().toLowerCase();
}

/**
 * Edit and Delete on the calendar, and Delete anywhere: administrators and the competition's
 * own organizer (doc 1 section 6), not other staff or organizers.
 */
export function canDeleteCompetition(user: { role: Role; email: string }, organizerEmail: string): boolean {
  return user.role === 'admin' || user.email.toLowerCase() === organizerEmail.trim().toLowerCase();
}
