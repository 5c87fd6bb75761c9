import { z } from 'zod';
import type { INQUIRY_STATUSES } from './forms.ts';

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
 * The contact form's lists as they were before staff could edit them (issue 15). Only the
 * defaults now: migration 0009 seeded them, in this order, into `inquiryOptions`, which is what
 * the form offers and the server checks; the web app still translates these labels while staff
 * keep them. An inquiry stores the text chosen, so a later edit never rewrites old inquiries.
 */
export const INQUIRY_SOURCES = ['Website', 'Referral', 'Social media', 'Event', 'Other'] as const;
export const INQUIRY_TYPES = ['Campaign', 'Pricing', 'Partnership', 'Other'] as const;
export const INQUIRY_PLATFORMS = ['TikTok', 'Instagram', 'YouTube'] as const;

/** The three lists staff edit: the form's Source, Inquiry Type and Platforms. */
export const INQUIRY_OPTION_KINDS = ['source', 'type', 'platform'] as const;
export type InquiryOptionKind = (typeof INQUIRY_OPTION_KINDS)[number];

export const INQUIRY_OPTION_LIMITS = {
  /** Characters in one option's label (trimmed). */
  label: 80,
  /** Live options in one list: a contact form with more would be unusable. */
  perKind: 50,
} as const;

export const INQUIRY_MESSAGES = {
  sourceInvalid: 'Please pick a source from the list',
  typeInvalid: 'Please pick an inquiry type from the list',
  platformInvalid: 'Please pick platforms from the list',
  messageRequired: 'Please tell us about your project',
  optionLabelRequired: 'Please enter the option',
  optionLabelTooLong: 'An option has at most 80 characters',
} as const;

/** One option's label: 1..80 characters once trimmed. */
export const inquiryOptionLabelSchema = z
  .string({ error: INQUIRY_MESSAGES.optionLabelRequired })
  .trim()
  .min(1, INQUIRY_MESSAGES.optionLabelRequired)
  .max(INQUIRY_OPTION_LIMITS.label, INQUIRY_MESSAGES.optionLabelTooLong);

/** A choice as the form sends it: bounded text here; the server checks it is a live option. */
