import { INQUIRY_OPTION_KINDS, INQUIRY_OPTION_LIMITS, inquiryOptionLabelSchema } from '@preffy/domain';
import { z } from 'zod';
import { idParams, versionBody, versionedDelete } from './common.ts';
import { endpointsOf } from './endpoint.ts';

/**
 * The contact form's lists staff edit (issue 15): Source, Inquiry Type and Platforms. The form
 * reads them from a public endpoint; staff add, rename, move and remove options.
 */

/** What the inquiry-options server answers users beyond the label rules (translated in the web app). */
export const INQUIRY_OPTION_MESSAGES = {
  notFound: 'Inquiry option not found',
  labelTaken: 'This list already has this option',
  listFull: 'A list holds at most 50 options',
  lastRequired: 'The contact form needs at least one option in this list',
  nothingToChange: 'Send a new label or a new position',
} as const;

/** One option as staff see it. */
export const inquiryOptionSchema = z.object({
  id: z.string(),
  kind: z.enum(INQUIRY_OPTION_KINDS),
  label: z.string(),
  /** Order in its list (smaller first). */
  position: z.number(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type InquiryOption = z.infer<typeof inquiryOptionSchema>;

/** What the contact form offers, each list in its order. */
export const inquiryChoicesSchema = z.object({
  sources: z.array(z.string()),
  types: z.array(z.string()),
  platforms: z.array(z.string()),
});
export type InquiryChoices = z.infer<typeof inquiryChoicesSchema>;

const oneOption = z.object({ option: inquiryOptionSchema });

const { anyone, staff } = endpointsOf(['inquiries']);

export const inquiryOptions = {
  choices: anyone.get('/api/public/inquiry-options', {
    summary: "The contact form's Source, Inquiry Type and Platforms lists, each in its order",
    responses: { 200: inquiryChoicesSchema },
  }),
  list: staff.get('/api/inquiry-options', {
    summary: `Every live option of the three lists, by kind and position (at most ${INQUIRY_OPTION_LIMITS.perKind} a list)`,
    responses: { 200: z.object({ items: z.array(inquiryOptionSchema) }) },
  }),
  create: staff.post('/api/inquiry-options', {
    summary: 'Add an option at the end of its list (a label the list has is refused); audited',
    idempotent: true,
    body: z.object({ kind: z.enum(INQUIRY_OPTION_KINDS), label: inquiryOptionLabelSchema }),
    responses: { 201: oneOption },
  }),
  update: staff.patch('/api/inquiry-options/:id', {
    summary:
      'Rename an option and/or move it to a position in its list, with the version read; old inquiries keep their text; audited',
    params: idParams,
    body: versionBody.extend({
      label: inquiryOptionLabelSchema.optional(),
      /** 0 is the top of the list; a position past the end means the end. */
      position: z
        .number()
        .int()
        .min(0)
        .max(INQUIRY_OPTION_LIMITS.perKind - 1)
        .optional(),
    }),
    responses: { 200: oneOption },
  }),
  remove: staff.delete('/api/inquiry-options/:id', {
    summary: 'Remove an option (soft), with the version read; old inquiries keep their text; audited',
    ...versionedDelete,
  }),
};
