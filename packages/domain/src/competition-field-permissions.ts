import { type Access, type Role, roleMeets } from './roles.ts';

/**
 * Who may set which competition field (docs/decisions/0013-competition-field-permissions.md).
 *
 * `create` is the Start A Competition form, `update` the Update A Competition form (and, for
 * isConfirmed and state, their own staff actions). `signed-in` means anyone who may change the
 * competition at all (organizers: only their own, under their own email); `staff` means staff
 * and admins; `null` means the field is not on the Start form and takes its default.
 *
 * How a forbidden field is refused: the forms send every field, so a field counts as "set" only
 * when its value differs from the baseline: the Start form's default on create, the stored value
 * on update. An organizer who echoes the stored takePct saves fine; one who sends another value
 * gets 403 naming the field. Reserve A Date is not this table: its invoice amount is the
 * organizer's offer on an unconfirmed hold, which staff review before confirming it.
 */
export const COMPETITION_FIELD_ACCESS = {
  email: { create: 'signed-in', update: 'signed-in' },
  name: { create: 'signed-in', update: 'signed-in' },
  organizer: { create: 'signed-in', update: 'signed-in' },
  audio: { create: 'signed-in', update: 'signed-in' },
  image: { create: 'signed-in', update: 'signed-in' },
  startDate: { create: 'signed-in', update: 'signed-in' },
  endDate: { create: 'signed-in', update: 'signed-in' },
  prizes: { create: 'signed-in', update: 'signed-in' },
  invoiceAmount: { create: 'staff', update: 'staff' },
  isClosed: { create: 'staff', update: 'staff' },
  platforms: { create: null, update: 'signed-in' },
  competitionType: { create: null, update: 'signed-in' },
  continents: { create: null, update: 'signed-in' },
  countries: { create: null, update: 'signed-in' },
  creativeDirection: { create: null, update: 'signed-in' },
  notes: { create: null, update: 'signed-in' },
  category: { create: null, update: 'signed-in' },
  event: { create: null, update: 'signed-in' },
  metric: { create: null, update: 'signed-in' },
  spotify: { create: null, update: 'signed-in' },
  tiktok: { create: null, update: 'signed-in' },
  instagram: { create: null, update: 'signed-in' },
  tiktokSound: { create: null, update: 'signed-in' },
  instagramSound: { create: null, update: 'signed-in' },
  isDirect: { create: null, update: 'staff' },
  is555: { create: null, update: 'staff' },
  takePct: { create: null, update: 'staff' },
  /** The public page's standings: shown, hidden or shown after the end (issue 43). */
  standings: { create: null, update: 'staff' },
  /** On create it follows Is Closed? for staff; an organizer's competition starts as a hold. */
  isConfirmed: { create: 'staff', update: 'staff' },
  /** Preview, active or completed: the state dropdown. */
  state: { create: null, update: 'staff' },
} as const satisfies Record<string, { create: Access | null; update: Access }>;

export type CompetitionField = keyof typeof COMPETITION_FIELD_ACCESS;
export type CompetitionFormMode = 'create' | 'update';

/** What the Start form starts with for the fields only staff may set. */
export const START_FORM_STAFF_DEFAULTS = { invoiceAmount: 0, isClosed: false } as const;

export function canSetCompetitionField(role: Role, field: CompetitionField, mode: CompetitionFormMode) {
  const access = COMPETITION_FIELD_ACCESS[field][mode];
  return access !== null && roleMeets(role, access);
}

/**
 * A completed competition (ended: its winners are paid or being paid, its report is final) is
 * staff's alone to change (issue 39): an organizer may still read it, but not rename it, move its
 * dates, change its prizes or delete it.
 */
export const COMPLETED_COMPETITION_MESSAGE = 'This competition is completed: only staff can change it';

export function isLockedForRole(role: Role, competition: { state: string }) {
  return competition.state === 'completed' && !roleMeets(role, 'staff');
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `input` this role may not set whose value differs from the baseline (the
 * Start form's defaults on create, the stored competition on update). Fields not sent, and
 * fields outside the table, are not judged here. `locked` (isLockedForRole): no field may change.
 */
export function forbiddenCompetitionFields(
  role: Role,
  mode: CompetitionFormMode,
  input: Readonly<Record<string, unknown>>,
  baseline: Readonly<Record<string, unknown>>,
  locked = false,
): CompetitionField[] {
  return (Object.keys(COMPETITION_FIELD_ACCESS) as CompetitionField[]).filter(
    (field) =>
      input[field] !== undefined &&
      (locked || !canSetCompetitionField(role, field, mode)) &&
      !sameValue(input[field], baseline[field]),
  );
}
