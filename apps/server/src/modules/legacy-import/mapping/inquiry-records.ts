import { createHash } from 'node:crypto';
import { INQUIRY_STATUSES } from '@preffy/domain';
import { z } from 'zod';
import { coldFusionDateToEpochMs } from '../readers/coldfusion.ts';
import type { LegacyTable } from '../readers/legacy-records.ts';
import { TEXT, optionalText, problemsOf, requiredText } from './legacy-fields.ts';
import type { MapResult, MappedRecord } from './mapped-record.ts';

/**
 * The inquiry service's rows as app rows (issue 41, decision 0128). Its values come as JSON
 * numbers and strings, or all as strings from a CSV: an id is a whole number either way, and a
 * date is the service's zone-less text read in the zone the operator names (or epoch ms).
 * Inquiries keep their number in their id (`inquiry-<INQUIRYID>`); notes and activity have no
 * id in the legacy, so theirs is made from their inquiry and content: a note edited in the
 * legacy arrives as a new note.
 */

const inquiryId = z
  .union([z.number(), z.string().trim()])
  .transform(String)
  .refine((id) => /^\d{1,18}$/.test(id), 'is not a whole number');

const dateIn = (timeZone: string) =>
  z.union([z.string(), z.number()]).transform((value, context) => {
    const ms = typeof value === 'number' ? value : coldFusionDateToEpochMs(value, timeZone);
    if (ms === null || !Number.isFinite(ms) || ms < 0 || ms >= Date.UTC(2101, 0, 1)) {
      context.addIssue({ code: 'custom', message: 'is not a date' });
      return z.NEVER;
    }
    return Math.round(ms);
  });

const inquiry = (timeZone: string) =>
  z
    .object({
      INQUIRYID: inquiryId,
      FIRSTNAME: optionalText(TEXT.name),
      LASTNAME: optionalText(TEXT.name),
      EMAIL: requiredText(TEXT.email),
      PHONE: optionalText(TEXT.name),
      SOURCE: optionalText(TEXT.name),
      ASSIGNEDTO: optionalText(TEXT.email),
      INQUIRYTYPE: optionalText(TEXT.name),
      INQUIRYSTATUS: z.enum(INQUIRY_STATUSES).nullish(),
      INQUIRYMESSAGE: optionalText(TEXT.longText),
      PLATFORMS: optionalText(TEXT.name),
      DATE: dateIn(timeZone),
    })
    .strict();

const note = (timeZone: string) =>
  z
    .object({
      INQUIRYID: inquiryId,
      DISPLAYNAME: optionalText(TEXT.name),
      AUTHORIMAGE: optionalText(TEXT.link),
      NOTEMESSAGE: requiredText(TEXT.longText),
      NOTEDATE: dateIn(timeZone),
    })
    .strict();

const activity = (timeZone: string) =>
  z
    .object({
      INQUIRYID: inquiryId,
      CREATEDDATETIME: dateIn(timeZone),
      ACTIVITYNOTE: requiredText(TEXT.longText),
    })
    .strict();

export const inquiryRecordId = (legacyId: string) => `inquiry-${legacyId}`;
const contentId = (prefix: string, parts: unknown[]) =>
  `${prefix}-${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`;

const recordOf = (record: Omit<MappedRecord, 'legacyVersion' | 'legacyChangedAt'>): MappedRecord => ({
  ...record,
  legacyVersion: 0,
  legacyChangedAt: 0,
});

export type InquiryTable = Extract<LegacyTable, 'Inquiry' | 'InquiryNote' | 'InquiryActivity'>;

/** One row of the inquiry service as its app row, or the reason it cannot be imported. */
export function mapInquiryRow(
  table: InquiryTable,
  row: Record<string, unknown>,
  timeZone: string,
): MapResult {
  // A CSV's empty cell is no value, as a JSON null is.
  const item = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === '' ? null : v]));
  const legacyId = item.INQUIRYID == null ? null : String(item.INQUIRYID).slice(0, 200);
  if (table === 'Inquiry') {
    const parsed = inquiry(timeZone).safeParse(item);
    if (!parsed.success) return { kind: 'invalid', legacyId, reason: problemsOf(parsed.error) };
    const i = parsed.data;
    return {
      kind: 'record',
      record: recordOf({
        table: 'inquiries',
        legacyId: i.INQUIRYID,
        id: inquiryRecordId(i.INQUIRYID),
        createdAt: i.DATE,
        row: {
          firstName: i.FIRSTNAME ?? '',
          lastName: i.LASTNAME ?? '',
          email: i.EMAIL,
          phone: i.PHONE,
          source: i.SOURCE,
          assignedToEmail: i.ASSIGNEDTO,
          inquiryType: i.INQUIRYTYPE,
          status: i.INQUIRYSTATUS ?? 'Unseen',
          message: i.INQUIRYMESSAGE,
          platforms: i.PLATFORMS,
          date: i.DATE,
          competitionId: null,
        },
      }),
    };
  }
  if (table === 'InquiryNote') {
    const parsed = note(timeZone).safeParse(item);
    if (!parsed.success) return { kind: 'invalid', legacyId, reason: problemsOf(parsed.error) };
    const n = parsed.data;
    const id = contentId('note', [n.INQUIRYID, n.NOTEDATE, n.DISPLAYNAME, n.NOTEMESSAGE]);
    return {
      kind: 'record',
      record: recordOf({
        table: 'notes',
        legacyId: id,
        id,
        createdAt: n.NOTEDATE,
        row: {
          inquiryId: inquiryRecordId(n.INQUIRYID),
          authorId: null,
          displayName: n.DISPLAYNAME ?? '',
          authorImage: n.AUTHORIMAGE,
          message: n.NOTEMESSAGE,
          noteDate: n.NOTEDATE,
        },
        parent: { table: 'Inquiry', id: inquiryRecordId(n.INQUIRYID) },
      }),
    };
  }
  const parsed = activity(timeZone).safeParse(item);
  if (!parsed.success) return { kind: 'invalid', legacyId, reason: problemsOf(parsed.error) };
  const a = parsed.data;
  const id = contentId('activity', [a.INQUIRYID, a.CREATEDDATETIME, a.ACTIVITYNOTE]);
  return {
    kind: 'record',
    record: recordOf({
      table: 'activities',
      legacyId: id,
      id,
      createdAt: a.CREATEDDATETIME,
      row: {
        inquiryId: inquiryRecordId(a.INQUIRYID),
        createdDateTime: a.CREATEDDATETIME,
        note: a.ACTIVITYNOTE,
      },
      parent: { table: 'Inquiry', id: inquiryRecordId(a.INQUIRYID) },
    }),
  };
}
