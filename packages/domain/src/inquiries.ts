import { z } from 'zod';
import type { INQUIRY_STATUSES } from './forms.ts';
import { FORM_MESSAGES, updateInquirySchema } from './forms.ts';
import { TEXT_LIMITS } from './input-bounds.ts';

/** The inbox's `status` query values (doc 1 section 2); anything else shows all inquiries. */
export const INQUIRY_STATUS_FILTERS = {
  unseen: 'Unseen',
  inprogress: 'In Progress',
  completed: 'Completed',
} as const satisfies Record<string, (typeof INQUIRY_STATUSES)[number]>;

/** The status a `status` query value selects, or null for all (an unknown value included). */
export function inquiryStatusFilter(value: string | null | undefined) {
  const key = (value ?? '').trim().toLowerCase();
  return Object.hasOwn(INQUIRY_STATUS_FILTERS, key)
    ? INQUIRY_STATUS_FILTERS[key as keyof typeof INQUIRY_STATUS_FILTERS]
    : null;
}

/**
 * The choices of the public contact form. Fixed lists for now (issue 15 asks for lists staff can
 * edit: a later step); stored as the text chosen, so a later edit never rewrites old inquiries.
 */
export const INQUIRY_SOURCES = ['Website', 'Referral', 'Social media', 'Event', 'Other'] as const;
export const INQUIRY_TYPES = ['Campaign', 'Pricing', 'Partnership', 'Other'] as const;
export const INQUIRY_PLATFORMS = ['TikTok', 'Instagram', 'YouTube'] as const;

export const INQUIRY_MESSAGES = {
  sourceInvalid: 'Please pick a source from the list',
  typeInvalid: 'Please pick an inquiry type from the list',
  platformInvalid: 'Please pick platforms from the list',
  messageRequired: 'Please tell us about your project',
} as const;

/**
 * The public contact form (/inquire) and staff adding an inquiry by hand: the Update Inquiry
 * rules for the person, plus source, type, platforms and the message. `website` is a honeypot:
 * people leave it empty, form-filling robots do not.
 */
export const newInquirySchema = updateInquirySchema
  .pick({ firstName: true, lastName: true, email: true, phone: true })
  .extend({
    source: z.enum(INQUIRY_SOURCES, { error: INQUIRY_MESSAGES.sourceInvalid }),
    inquiryType: z.enum(INQUIRY_TYPES, { error: INQUIRY_MESSAGES.typeInvalid }),
    platforms: z
      .array(z.enum(INQUIRY_PLATFORMS, { error: INQUIRY_MESSAGES.platformInvalid }))
      .max(INQUIRY_PLATFORMS.length, INQUIRY_MESSAGES.platformInvalid)
      .default([]),
    message: z
      .string()
      .trim()
      .min(1, INQUIRY_MESSAGES.messageRequired)
      .max(TEXT_LIMITS.longText, FORM_MESSAGES.textTooLong),
    website: z.string().max(TEXT_LIMITS.link).optional(),
  });
export type NewInquiry = z.infer<typeof newInquirySchema>;
