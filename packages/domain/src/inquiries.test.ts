import { describe, expect, it } from 'vitest';
import { isInternationalPhone, newInquirySchema, updateInquirySchema } from './inquiry-forms.ts';
import { inquiryOptionLabelSchema, inquiryStatusFilter } from './inquiries.ts';

describe('the inbox status filter', () => {
  it('maps unseen, inprogress and completed; anything else means all', () => {
    expect(inquiryStatusFilter('unseen')).toBe('Unseen');
    expect(inquiryStatusFilter('inprogress')).toBe('In Progress');
    expect(inquiryStatusFilter('COMPLETED')).toBe('Completed');
    for (const other of ['', 'all', 'in progress', 'constructor', '__proto__', null, undefined])
      expect(inquiryStatusFilter(other)).toBeNull();
  });
});

describe('inquiry phone numbers', () => {
  it('takes international numbers valid for their country, and refuses the rest', () => {
    expect(isInternationalPhone('+1 212 555 0123')).toBe(true);
    expect(isInternationalPhone('+44 20 7946 0958')).toBe(true);
    expect(isInternationalPhone('+49 30 901820')).toBe(true);
    for (const bad of ['555 0100', '+1 555', '+999 123456', 'call me', '+1 212 555 0123 ext 9'.repeat(3)])
      expect(isInternationalPhone(bad)).toBe(false);
  });

  it('says Invalid phone on the Update Inquiry form, and takes an empty phone', () => {
    const base = { firstName: 'Maya', lastName: 'Chen', email: 'maya@label.test', status: 'Unseen' };
    expect(updateInquirySchema.safeParse({ ...base, phone: '' }).success).toBe(true);
    const bad = updateInquirySchema.safeParse({ ...base, phone: '12' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Invalid phone']);
  });
});

describe('a new inquiry', () => {
  const valid = {
    firstName: 'Maya',
    lastName: 'Chen',
    email: 'maya@label.test',
    phone: '+1 212 555 0123',
    source: 'Website',
    inquiryType: 'Campaign',
    platforms: ['TikTok'],
    message: 'We would like to promote a single.',
  };
  it('takes the form as sent', () => {
    expect(newInquirySchema.parse(valid)).toMatchObject(valid);
  });
  it('names each wrong field with its message', () => {
    const result = newInquirySchema.safeParse({
      ...valid,
      firstName: '',
      lastName: ' ',
      email: 'nope',
      // Which labels are options is the server's check (the lists live in the database).
      source: ' ',
      inquiryType: 'x'.repeat(81),
      platforms: [''],
      message: '',
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      firstName: 'Invalid First Name',
      lastName: 'Invalid Last Name',
      email: 'Invalid email',
      source: 'Please pick a source from the list',
      inquiryType: 'Please pick an inquiry type from the list',
      platforms: 'Please pick platforms from the list',
      message: 'Please tell us about your project',
    });
  });
});

describe("an option of the contact form's lists", () => {
  it('is 1 to 80 characters once trimmed', () => {
    expect(inquiryOptionLabelSchema.parse('  Podcast ')).toBe('Podcast');
    expect(inquiryOptionLabelSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      'Please enter the option',
    );
    expect(inquiryOptionLabelSchema.safeParse('x'.repeat(81)).error?.issues[0]?.message).toBe(
      'An option has at most 80 characters',
    );
  });

  it('a new inquiry takes any bounded choice (the server checks the lists) and at most 50 platforms', () => {
    const base = {
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'maya@label.test',
      source: ' Podcast ',
      inquiryType: 'Tour',
      message: 'Hi',
    };
    expect(newInquirySchema.parse(base)).toMatchObject({ source: 'Podcast', platforms: [] });
    const many = newInquirySchema.safeParse({
      ...base,
      platforms: Array.from({ length: 51 }, (_, i) => `p${i}`),
    });
    expect(many.error?.issues[0]?.message).toBe('Please pick platforms from the list');
  });
});
