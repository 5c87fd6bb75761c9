import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { competitionTimeOn } from './dates.ts';
import {
  createWinnerSchema,
  editPostSchema,
  reserveDateSchema,
  startCompetitionSchema,
  updateCompetitionSchema,
} from './forms.ts';
import { updateInquirySchema } from './inquiry-forms.ts';

/** Field → messages, as the API's fieldErrors and the forms show them. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const now = Date.UTC(2026, 10, 22, 9);
const start = startCompetitionSchema({ now, timeZone: 'UTC' });
const validStart = {
  email: 'artist@label.com',
  name: 'Midnight Drive',
  organizer: 'Luna Vega',
  audio: 'https://soundcloud.com/luna/midnight',
  startDate: competitionTimeOn('2026-11-22', 'UTC'),
  endDate: competitionTimeOn('2026-11-29', 'UTC'),
  invoiceAmount: 0,
  prizes: ['1st Place: $200'],
  isClosed: false,
};

describe('start form', () => {
  it('accepts a valid competition', () => {
    expect(errorsOf(start, validStart)).toEqual({});
  });
  it("uses the spec's messages", () => {
    expect(errorsOf(start, { ...validStart, email: '', organizer: ' ', audio: '' })).toEqual({
      email: ["Please enter the artist's email"],
      organizer: ["Please enter the artist's name"],
      audio: ["Please enter the song's link"],
    });
    expect(errorsOf(start, { ...validStart, email: 'not an email' })).toEqual({
      email: ['Email is not valid!'],
    });
    expect(errorsOf(start, { ...validStart, name: '' })).toEqual({ name: ["Please enter the song's title"] });
  });
  it('accepts http, https and ftp links only', () => {
    for (const audio of ['http://a.io/x', 'https://a.io/x', 'ftp://files.a.io/song.mp3'])
      expect(errorsOf(start, { ...validStart, audio })).toEqual({});
    for (const audio of ['soundcloud.com/x', 'mailto:a@b.c', 'javascript:alert(1)']) {
      expect(errorsOf(start, { ...validStart, audio })).toEqual({ audio: ['Invalid link must be http'] });
    }
  });
  it('requires the invoice amount', () => {
    expect(errorsOf(start, { ...validStart, invoiceAmount: undefined })).toEqual({
      invoiceAmount: ['Please enter the invoice amount'],
    });
  });
  it('needs the end date at least 7 days after today', () => {
    expect(errorsOf(start, { ...validStart, endDate: competitionTimeOn('2026-11-28', 'UTC') })).toEqual({
      endDate: ['The end date must be at least 7 days after today'],
    });
  });
  it('reports the date rules together with the other fields, so the user sees every problem at once', () => {
    const errors = errorsOf(start, {
      ...validStart,
      email: '',
      endDate: competitionTimeOn('2026-11-23', 'UTC'),
    });
    expect(errors).toEqual({
      email: ["Please enter the artist's email"],
      endDate: ['The end date must be at least 7 days after today'],
    });
    expect(
      errorsOf(start, {
        ...validStart,
        name: '',
        startDate: competitionTimeOn('2026-12-09', 'UTC'),
        endDate: competitionTimeOn('2026-12-01', 'UTC'),
      }),
    ).toEqual({
      name: ["Please enter the song's title"],
      endDate: ['The end date must be after the start date'],
    });
  });
});

describe('update form', () => {
  const valid = {
    ...validStart,
    platforms: ['TikTok'],
    competitionType: 'Hybrid',
    continents: ['Europe'],
    countries: null,
    isDirect: false,
    is555: false,
    takePct: 1,
    metric: 'likes',
  };
  it('has no 7-day rule (old competitions stay editable) but keeps the other rules', () => {
    const old = {
      startDate: competitionTimeOn('2021-03-01', 'UTC'),
      endDate: competitionTimeOn('2021-03-08', 'UTC'),
    };
    expect(errorsOf(updateCompetitionSchema, { ...valid, ...old })).toEqual({});
    expect(errorsOf(updateCompetitionSchema, { ...valid, invoiceAmount: undefined })).toEqual({
      invoiceAmount: ['Please enter the invoice amount'],
    });
    expect(errorsOf(updateCompetitionSchema, { ...valid, spotify: 'open.spotify.com' })).toEqual({
      spotify: ['Invalid link must be http'],
    });
  });
  it('leaves category, take percentage, event and metric optional', () => {
    const { takePct: _t, metric: _m, ...rest } = valid;
    const parsed = updateCompetitionSchema.parse(rest);
    expect(parsed.takePct).toBe(1);
    expect(parsed.metric).toBe('likes');
  });
});

describe('reserve a date form', () => {
  it("needs the artist's name and a numeric invoice above 0", () => {
    expect(errorsOf(reserveDateSchema, { day: '2026-12-01', organizer: '', invoiceAmount: 'abc' })).toEqual({
      organizer: ["Please enter the artist's name"],
      invoiceAmount: ['Please enter a numeric value'],
    });
    expect(errorsOf(reserveDateSchema, { day: '2026-12-01', organizer: 'Luna', invoiceAmount: 0 })).toEqual({
      invoiceAmount: ['The invoice amount must be above 0'],
    });
    expect(
      reserveDateSchema.parse({ day: '2026-12-01', organizer: 'Luna', invoiceAmount: 10 }),
    ).toMatchObject({
      isGlobal: true,
      creativeDirection: false,
    });
  });
});

describe('inquiry update form', () => {
  it('uses the legacy messages, with the status message fixed for its field', () => {
    expect(
      errorsOf(updateInquirySchema, {
        firstName: '',
        lastName: '',
        email: 'x',
        phone: 'call me',
        status: 'Lost',
      }),
    ).toEqual({
      firstName: ['Invalid First Name'],
      lastName: ['Invalid Last Name'],
      email: ['Invalid email'],
      phone: ['Invalid phone'],
      status: ['Invalid Inquiry Status'],
    });
    expect(
      errorsOf(updateInquirySchema, {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        phone: '+1 (212) 555-0123',
        status: 'In Progress',
      }),
    ).toEqual({});
  });
});

describe('post edit form', () => {
  it('gives each field a message about that field', () => {
    expect(errorsOf(editPostSchema, { email: '', creator: '', likes: undefined, link: '' })).toEqual({
      email: ["Please enter the creator's email"],
      creator: ["Please enter the creator's name"],
      likes: ['Please enter the likes'],
      link: ["Please enter the post's link"],
    });
  });

  it('takes whole numbers of likes from 0 to a trillion', () => {
    const post = { email: 'ana@creators.test', creator: 'ana', link: 'https://www.tiktok.com/@ana/video/1' };
    expect(errorsOf(editPostSchema, { ...post, likes: 0 })).toEqual({});
    expect(errorsOf(editPostSchema, { ...post, likes: 1_000_000_000_000 })).toEqual({});
    for (const likes of [-1, 1.5, 1_000_000_000_001])
      expect(errorsOf(editPostSchema, { ...post, likes })).toEqual({
        likes: ['Please enter a whole number of likes up to 1,000,000,000,000'],
      });
  });
});

describe('add a winner', () => {
  it('needs a valid email; PayPal is optional but must be an email when given', () => {
    expect(errorsOf(createWinnerSchema, { email: 'bad', paypal: 'also bad' })).toEqual({
      email: ['Email is not valid!'],
      paypal: ['PayPal email is not valid!'],
    });
    expect(createWinnerSchema.parse({ email: 'a@b.co' })).toMatchObject({ isBanned: false });
  });
});
