import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPETITION_FIELD_ACCESS,
  type CompetitionField,
  START_FORM_STAFF_DEFAULTS,
  canSetCompetitionField,
  forbiddenCompetitionFields,
} from './competition-field-permissions.ts';
import { ROLES } from './roles.ts';

const stored = {
  name: 'Song',
  invoiceAmount: 3000,
  takePct: 1,
  isDirect: false,
  is555: false,
  isClosed: false,
};

describe('competition field permissions', () => {
  it('keeps money, flags and confirmation to staff and admins', () => {
    for (const field of [
      'invoiceAmount',
      'takePct',
      'isDirect',
      'is555',
      'isClosed',
      'isConfirmed',
      'state',
    ] as const) {
      expect(canSetCompetitionField('organizer', field, 'update'), field).toBe(false);
      expect(canSetCompetitionField('staff', field, 'update'), field).toBe(true);
      expect(canSetCompetitionField('admin', field, 'update'), field).toBe(true);
    }
    expect(canSetCompetitionField('organizer', 'isClosed', 'create')).toBe(false);
    expect(canSetCompetitionField('organizer', 'invoiceAmount', 'create')).toBe(false);
    expect(canSetCompetitionField('organizer', 'name', 'create')).toBe(true);
    expect(canSetCompetitionField('organizer', 'prizes', 'update')).toBe(true);
  });

  it('names the forbidden fields an organizer changed, and lets an unchanged echo through', () => {
    expect(forbiddenCompetitionFields('organizer', 'update', { ...stored, takePct: 0 }, stored)).toEqual([
      'takePct',
    ]);
    expect(
      forbiddenCompetitionFields(
        'organizer',
        'update',
        { ...stored, invoiceAmount: 999999, isDirect: true },
        stored,
      ),
    ).toEqual(['invoiceAmount', 'isDirect']);
    expect(forbiddenCompetitionFields('organizer', 'update', { ...stored, name: 'Other' }, stored)).toEqual(
      [],
    );
    expect(
      forbiddenCompetitionFields(
        'organizer',
        'create',
        { isClosed: true, invoiceAmount: 0 },
        START_FORM_STAFF_DEFAULTS,
      ),
    ).toEqual(['isClosed']);
    expect(
      forbiddenCompetitionFields('organizer', 'create', { invoiceAmount: 0 }, START_FORM_STAFF_DEFAULTS),
    ).toEqual([]);
  });

  it('never refuses staff or admins a field the form has, and never refuses anyone an unchanged value (property)', () => {
    const fields = Object.keys(COMPETITION_FIELD_ACCESS) as CompetitionField[];
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLES),
        fc.constantFrom('create' as const, 'update' as const),
        fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.boolean(), fc.double(), fc.string())),
        fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.boolean(), fc.double(), fc.string())),
        (role, mode, input, baseline) => {
          const refused = forbiddenCompetitionFields(role, mode, input, baseline);
          expect(forbiddenCompetitionFields(role, mode, input, input)).toEqual([]);
          for (const field of refused) expect(canSetCompetitionField(role, field, mode)).toBe(false);
          if (role !== 'organizer')
            expect(refused.every((f) => COMPETITION_FIELD_ACCESS[f][mode] === null)).toBe(true);
        },
      ),
    );
  });
});
