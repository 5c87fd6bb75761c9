import { TEXT_LIMITS, newInquirySchema, updateInquirySchema } from '@preffy/domain';
import { z } from 'zod';
import { idParams, okSchema, versionBody, versionedDelete } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { unseenInquiriesCount } from './inquiries-unseen.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/**
 * The sales-inquiry inbox (issue 15): the public contact form, the inbox by status, one
 * inquiry with its notes and its activity (from the audit log), assignment.
 */

/** What the inquiries server answers users beyond the form schemas (translated in the web app). */
export const INQUIRY_SERVER_MESSAGES = {
  notFound: 'Inquiry not found',
  assigneeInvalid: 'Please pick a staff member from the list',
  holdMissing: 'The competition was not found',
  holdLinked: 'This inquiry is already linked to another hold',
  noteEmpty: 'Please write a note',
} as const;

/** An inquiry as staff see it. */
export const inquirySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  source: z.string().nullable(),
  inquiryType: z.string().nullable(),
  platforms: z.string().nullable(),
  message: z.string().nullable(),
  /** Unseen, In Progress, Completed (legacy rows may hold other text: shown as it is). */
  status: z.string(),
  assignedToEmail: z.string().nullable(),
  assignedToName: z.string().nullable(),
  /** The day it came in (epoch ms). */
  date: z.number(),
  /** The calendar hold made from it ('Reserve a date for this inquiry'), if any. */
  competitionId: z.string().nullable(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const INQUIRY_SORTS = [
  'date',
  'fullName',
  'email',
  'source',
  'assignedToEmail',
  'inquiryType',
  'status',
] as const;

export const listInquiriesQuerySchema = pageQuerySchema.extend({
  /** unseen, inprogress or completed; anything else (or nothing) means all (inquiryStatusFilter). */
  status: z.string().max(50).optional(),
  /** 'Assigned to me': only the caller's inquiries. */
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  sortBy: z.enum(INQUIRY_SORTS).default('date'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});

/** A note on an inquiry: sanitised rich text (RICH_TEXT_TAGS) with its author. */
export const inquiryNoteSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  /** The author's profile picture (null: initials). */
  authorAvatarUrl: z.string().nullable(),
  message: z.string(),
  noteDate: z.number(),
});
export type InquiryNote = z.infer<typeof inquiryNoteSchema>;

/** One line of the activity timeline: who did what, when (from the audit log). */
export const inquiryActivitySchema = z.object({
  id: z.string(),
  at: z.number(),
  actorName: z.string().nullable(),
  /** created, updated, status, assigned, note, hold, deleted. */
  action: z.string(),
  /** What changed, as { field: { from, to } } or a few named values. */
  changes: z.record(z.string(), z.unknown()).nullable(),
});

/** A staff user an inquiry can be assigned to. */
export const assigneeSchema = z.object({ email: z.string(), name: z.string() });

const oneInquiry = z.object({ inquiry: inquirySchema });

const { staff, anyone } = endpointsOf(['inquiries']);

export const inquiries = {
  submitPublic: anyone.post('/api/public/inquiries', {
    summary: 'The public contact form: a new inquiry, Unseen (rate-limited; a filled honeypot is dropped)',
    // Anonymous, like the public entry form: no session to ride on, so no CSRF token.
    csrf: false,
    body: newInquirySchema,
    responses: { 201: okSchema },
  }),
  list: staff.get('/api/inquiries', {
    summary: 'The inbox: by status (unseen, inprogress, completed, else all), searched, sorted, paged',
    ...pagedList(listInquiriesQuerySchema, inquirySchema),
  }),
  unseenCount: unseenInquiriesCount,
  assignees: staff.get('/api/inquiries/assignees', {
    summary: 'The staff and admins an inquiry can be assigned to (at most 500, by name)',
    responses: { 200: z.object({ items: z.array(assigneeSchema) }) },
  }),
  create: staff.post('/api/inquiries', {
    summary: 'Add an inquiry by hand (Unseen)',
    idempotent: true,
    body: newInquirySchema.omit({ website: true }),
    responses: { 201: oneInquiry },
  }),
  get: staff.get('/api/inquiries/:id', {
    summary: 'One inquiry',
    params: idParams,
    responses: { 200: oneInquiry },
  }),
  update: staff.put('/api/inquiries/:id', {
    summary:
      'Update Inquiry: name, email, phone, assignee, status, with the version read; a new assignee gets the assignment email',
    params: idParams,
    body: updateInquirySchema.extend(versionBody.shape),
    responses: { 200: oneInquiry },
  }),
  remove: staff.delete('/api/inquiries/:id', {
    summary: 'Delete an inquiry (soft), with the version read',
    ...versionedDelete,
  }),
  notes: staff.get('/api/inquiries/:id/notes', {
    summary: "An inquiry's notes, newest first",
    params: idParams,
    ...pagedList(pageQuerySchema.omit({ search: true }), inquiryNoteSchema),
  }),
  addNote: staff.post('/api/inquiries/:id/notes', {
    summary: 'Add A Note (rich text, sanitised)',
    idempotent: true,
    params: idParams,
    body: z.object({ message: z.string().trim().min(1).max(TEXT_LIMITS.longText) }),
    responses: { 201: z.object({ note: inquiryNoteSchema }) },
  }),
  activity: staff.get('/api/inquiries/:id/activity', {
    summary: "An inquiry's activity timeline, newest first (from the audit log)",
    params: idParams,
    ...pagedList(pageQuerySchema.omit({ search: true }), inquiryActivitySchema),
  }),
  linkHold: staff.post('/api/inquiries/:id/hold', {
    summary: "Link the calendar hold made with 'Reserve a date for this inquiry' (with the version read)",
    params: idParams,
    body: versionBody.extend({ competitionId: idParams.shape.id }),
    responses: { 200: oneInquiry },
  }),
};
