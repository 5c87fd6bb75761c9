import { newInquirySchema } from '@preffy/domain';
import { zodValidate } from '../../components/forms/zod-validate.ts';
import type { NewInquiryBody } from './api/inquiries.ts';

/** What the contact form (public, and Add Inquiry) edits. */
export type NewInquiryValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  source: string | null;
  inquiryType: string | null;
  platforms: string[];
  message: string;
  /** The honeypot: people leave it empty (public form only). */
  website: string;
};

export const EMPTY_INQUIRY: NewInquiryValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  source: null,
  inquiryType: null,
  platforms: [],
  message: '',
  website: '',
};

/** The request body of the form's values, without the honeypot (the server checks it again). */
export const newInquiryBodyOf = (v: NewInquiryValues): NewInquiryBody =>
  ({
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone.trim() === '' ? null : v.phone,
    source: v.source ?? undefined,
    inquiryType: v.inquiryType ?? undefined,
    platforms: v.platforms,
    message: v.message,
  }) as NewInquiryBody;

/** The domain's newInquirySchema as the form's rules (the server's messages, translated). */
export const validateNewInquiry = zodValidate<NewInquiryValues>(newInquirySchema, newInquiryBodyOf);
