import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { EMAIL_PATTERN, FORM_MESSAGES, INQUIRY_STATUSES, requiredEmail, requiredText } from './forms.ts';
import { INQUIRY_MESSAGES, INQUIRY_OPTION_LIMITS } from './inquiries.ts';
import { TEXT_LIMITS } from './input-bounds.ts';

// Apart from forms.ts: the phone rule carries libphonenumber's metadata, which only the inquiry
// screens need; the web app's first page loads forms.ts's messages without it (issue 18).

/**
 * A phone number as the inquiry forms take it: international, with its country code
 * (+1 555 010 0000), valid for that country by libphonenumber-js (decision 0031).
 */
export const isInternationalPhone = (value: string) =>
  value.length <= 40 && value.trim().startsWith('+') && isValidPhoneNumber(value.trim());

const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || isInternationalPhone(v), FORM_MESSAGES.phoneInvalid)
  .optional()
  .nullable();

/** Update Inquiry: the legacy messages; the phone now has the rule its message promised. */
export const updateInquirySchema = z.object({
  firstName: requiredText(FORM_MESSAGES.firstNameInvalid),
  lastName: requiredText(FORM_MESSAGES.lastNameInvalid),
  email: requiredEmail(FORM_MESSAGES.inquiryEmailInvalid, FORM_MESSAGES.inquiryEmailInvalid),
  phone: optionalPhone,
  assignedToEmail: z
    .string()
    .trim()
    .regex(EMAIL_PATTERN, FORM_MESSAGES.inquiryEmailInvalid)
    .nullable()
    .optional(),
  status: z.enum(INQUIRY_STATUSES, { error: FORM_MESSAGES.inquiryStatusInvalid }),
});

const choice = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(INQUIRY_OPTION_LIMITS.label, message);

/**
 * The public contact form (/inquire) and staff adding an inquiry by hand: the Update Inquiry
 * rules for the person, plus source, type, platforms and the message. `website` is a honeypot:
 * people leave it empty, form-filling robots do not.
 */
export const newInquirySchema = updateInquirySchema
  .pick({ firstName: true, lastName: true, email: true, phone: true })
  .extend({
    source: choice(INQUIRY_MESSAGES.sourceInvalid),
    inquiryType: choice(INQUIRY_MESSAGES.typeInvalid),
    platforms: z
      .array(choice(INQUIRY_MESSAGES.platformInvalid), { error: INQUIRY_MESSAGES.platformInvalid })
      .max(INQUIRY_OPTION_LIMITS.perKind, INQUIRY_MESSAGES.platformInvalid)
      .default([]),
    message: z
      .string()
      .trim()
      .min(1, INQUIRY_MESSAGES.messageRequired)
      .max(TEXT_LIMITS.longText, FORM_MESSAGES.textTooLong),
    website: z.string().max(TEXT_LIMITS.link).optional(),
  });
export type NewInquiry = z.infer<typeof newInquirySchema>;
