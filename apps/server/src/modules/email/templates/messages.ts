import { PLATFORM_FEE, promotionCreatorCount } from '@preffy/domain';
import {
  type EmailLanguage,
  type RenderedEmail,
  type StringKey,
  UNSUBSCRIBE_PLACEHOLDER,
  type Vars,
  layout,
  textsFor,
} from './render.ts';

const usd = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** A paragraph or button from one string key, in both text and HTML. */
const block = (t: ReturnType<typeof textsFor>, key: StringKey, vars: Vars = {}, url?: string) => ({
  text: t.text(key, vars),
  html: t.html(key, vars),
  url,
});

type Person = { name?: string | null };
type CompetitionRef = { competition: string; organizer: string; url: string };

/** A bulk email (Fancy, Promotion, Basic): marketing, about one competition and an amount. */
const bulkKind = (subjectKey: StringKey, bodyKey: StringKey, sample: { amount: number; ref: string }) => ({
  marketing: true as const,
  sample: {
    competition: 'Midnight Drive',
    organizer: 'Luna Vega',
    amount: sample.amount,
    url: `https://preffy.example/c/1?ref=${sample.ref}`,
  },
  render: (d: CompetitionRef & { amount: number }, lang: EmailLanguage) => bulk(lang, subjectKey, bodyKey, d),
});

/**
 * A transactional email with one link into the recipient's own account: its strings are
 * `<strings>Subject`, `<strings>Body` and the button `<strings>Action`.
 */
const accountLinkKind = (strings: 'passwordReset' | 'invitation' | 'signInLink', sampleUrl: string) => ({
  marketing: false as const,
  sample: { name: 'Ann', url: sampleUrl },
  render: (d: Person & { url: string }, lang: EmailLanguage) => {
    const t = textsFor(lang);
    return layout(lang, {
      subject: t.text(`${strings}Subject`),
      name: d.name,
      transactionalNote: true,
      blocks: [block(t, `${strings}Body`), block(t, `${strings}Action`, {}, d.url)],
    });
  },
});

/**
 * Every message the product sends. Each takes its data and a language and returns subject,
 * HTML and text. `marketing` messages carry an unsubscribe link and are never sent to
 * unsubscribed or banned addresses; the rest are transactional.
 */
export const EMAIL_KINDS = {
  'password-reset': accountLinkKind('passwordReset', 'https://preffy.example/reset-password#token=sample'),
  invitation: accountLinkKind('invitation', 'https://preffy.example/reset-password?welcome#token=sample'),
  'sign-in-link': accountLinkKind('signInLink', 'https://preffy.example/?LoginToken=sample'),
  'winner-notice': {
    marketing: false,
    sample: {
      name: 'creator1',
      competition: 'Midnight Drive',
      organizer: 'Luna Vega',
      prize: 200,
      place: '3rd Place',
      payout: 160,
      paymentEmail: 'creator1@paypal.example',
      isGenni: false,
    },
    render: (
      d: Person & {
        competition: string;
        organizer: string;
        /** The prize won; notices queued before decision 0105 hold the payout here and no `place`. */
        prize: number;
        /** The prize line's label ('3rd Place', 'Most Creative'). */
        place?: string;
        /** What will be paid: 80% of the prize, or all of it for genni entrants. */
        payout?: number;
        paymentEmail: string;
        isGenni: boolean;
      },
      lang: EmailLanguage,
    ) => {
      const t = textsFor(lang);
      const vars = {
        competition: d.competition,
        organizer: d.organizer,
        prize: usd(d.prize),
        place: d.place ?? '',
        payout: usd(d.payout ?? d.prize),
        feePct: Math.round(PLATFORM_FEE * 100),
        sharePct: Math.round((1 - PLATFORM_FEE) * 100),
        paymentEmail: d.paymentEmail,
      };
      // The prize and its place, then what is paid and why it differs (decision 0105).
      const prizeBlocks =
        d.place === undefined || d.payout === undefined
          ? [block(t, 'winnerBody', vars)]
          : [
              block(t, 'winnerPrizeBody', vars),
              block(t, d.isGenni ? 'winnerFullPayout' : 'winnerFeePayout', vars),
            ];
      // Sister-brand entrants are paid directly and sooner, so their notice differs.
      return layout(lang, {
        subject: t.text('winnerSubject', vars),
        name: d.name,
        blocks: [...prizeBlocks, block(t, d.isGenni ? 'winnerGenniPayment' : 'winnerStandardPayment', vars)],
      });
    },
  },
  'new-competition': {
    marketing: true,
    sample: {
      competition: 'Midnight Drive',
      organizer: 'Luna Vega',
      prizeTotal: 1000,
      url: 'https://preffy.example/c/1',
    },
    render: (d: CompetitionRef & { prizeTotal: number }, lang: EmailLanguage) => {
      const t = textsFor(lang);
      const vars = { competition: d.competition, organizer: d.organizer, prizeTotal: usd(d.prizeTotal) };
      return layout(lang, {
        subject: t.text('newCompetitionSubject', vars),
        marketing: true,
        blocks: [block(t, 'newCompetitionBody', vars), block(t, 'seeCompetition', {}, d.url)],
      });
    },
  },
  'giveaway-promotion': {
    marketing: true,
    sample: {
      competition: 'Midnight Drive',
      organizer: 'Luna Vega',
      amount: 10,
      remainingBalance: 200,
      url: 'https://preffy.example/c/1?ref=fancy',
    },
    render: (d: CompetitionRef & { amount: number; remainingBalance: number }, lang: EmailLanguage) => {
      const t = textsFor(lang);
      const vars = {
        competition: d.competition,
        organizer: d.organizer,
        amount: usd(d.amount),
        creatorCount: promotionCreatorCount(d.remainingBalance, d.amount),
      };
      return layout(lang, {
        subject: t.text('giveawaySubject', vars),
        marketing: true,
        blocks: [block(t, 'giveawayBody', vars), block(t, 'enterNow', {}, d.url)],
      });
    },
  },
  // The plain-text outreach (doc 1 section 7): the admin's own words, no HTML part at all.
  outreach: {
    marketing: true,
    textOnly: true,
    sample: {
      subject: 'Midnight Drive by Luna Vega: post and get paid',
      body: 'We love your videos and think you would be great for "Midnight Drive" by Luna Vega.',
    },
    render: (d: { subject: string; body: string }, lang: EmailLanguage) => ({
      subject: d.subject,
      html: '',
      text: `${d.body}\n\n${textsFor(lang).text('unsubscribeText', { url: UNSUBSCRIBE_PLACEHOLDER })}\n`,
    }),
  },
  'bulk-fancy': bulkKind('fancySubject', 'fancyBody', { amount: 1000, ref: 'fancy' }),
  'bulk-promotion': bulkKind('promotionSubject', 'promotionBody', { amount: 200, ref: 'fancy' }),
  'bulk-basic': bulkKind('basicSubject', 'basicBody', { amount: 1000, ref: 'basic' }),
  'reservation-notice': {
    marketing: false,
    sample: {
      requester: 'organizer@label.example',
      date: '2026-12-01',
      organizer: 'Luna Vega',
      song: 'Midnight Drive',
      amount: 3000,
      territories: '',
      creativeDirection: true,
      language: '',
      notes: '',
    },
    render: (
      d: {
        requester: string;
        date: string;
        organizer: string;
        song: string | null;
        amount: number;
        territories: string | null;
        creativeDirection: boolean;
        language: string | null;
        notes: string | null;
      },
      lang: EmailLanguage,
    ) => {
      const t = textsFor(lang);
      const none = t.text('none');
      const vars = {
        requester: d.requester,
        date: d.date,
        organizer: d.organizer,
        song: d.song || none,
        amount: usd(d.amount),
        territories: d.territories || none,
        creativeDirection: t.text(d.creativeDirection ? 'yes' : 'no'),
        language: d.language || none,
        notes: d.notes || none,
      };
      return layout(lang, {
        subject: t.text('reservationSubject', vars),
        blocks: [block(t, 'reservationBody', vars), block(t, 'reservationDetails', vars)],
      });
    },
  },
  'hold-conflict': {
    marketing: false,
    sample: {
      date: '2026-12-01',
      holders: ['a@label.example', 'b@label.example', 'c@label.example', 'staff@preffy.example'],
    },
    render: (d: { date: string; holders: string[] }, lang: EmailLanguage) => {
      const t = textsFor(lang);
      const vars = { date: d.date, count: d.holders.length, holders: d.holders.join(', ') };
      return layout(lang, {
        subject: t.text('holdConflictSubject', vars),
        blocks: [block(t, 'holdConflictBody', vars)],
      });
    },
  },
  'post-disqualification': {
    marketing: false,
    sample: {
      name: 'creator1',
      link: 'https://www.tiktok.com/@creator1/video/1',
      competition: 'Midnight Drive',
      reason: 'general' as DisqualificationReason,
    },
    render: (
      d: Person & { link: string; competition: string; reason: DisqualificationReason },
      lang: EmailLanguage,
    ) => {
      const t = textsFor(lang);
      const vars = { link: d.link, competition: d.competition };
      const reasonKey = (
        {
          general: 'disqualificationGeneral',
          'creative-direction': 'disqualificationCreative',
          volume: 'disqualificationVolume',
        } as const
      )[d.reason];
      return layout(lang, {
        subject: t.text('disqualificationSubject'),
        name: d.name,
        blocks: [
          block(t, 'disqualificationIntro', vars),
          block(t, reasonKey),
          block(t, 'disqualificationClosing'),
        ],
      });
    },
  },
  'inquiry-assignment': {
    marketing: false,
    sample: {
      name: 'Sam',
      assigner: 'Alex',
      inquirer: 'Maya Chen',
      inquirerEmail: 'maya.chen@label.example',
      url: 'https://preffy.example/contacts-profile?id=1',
    },
    render: (
      d: Person & { assigner: string; inquirer: string; inquirerEmail: string; url: string },
      lang: EmailLanguage,
    ) => {
      const t = textsFor(lang);
      const vars = { assigner: d.assigner, inquirer: d.inquirer, inquirerEmail: d.inquirerEmail };
      return layout(lang, {
        subject: t.text('inquiryAssignmentSubject', vars),
        name: d.name,
        blocks: [block(t, 'inquiryAssignmentBody', vars), block(t, 'openInquiry', {}, d.url)],
      });
    },
  },
} as const;

export type EmailKind = keyof typeof EMAIL_KINDS;

/** A kind sent as text/plain only: its stored HTML is empty and no transport sends an HTML part. */
export const isTextOnly = (kind: EmailKind) => 'textOnly' in EMAIL_KINDS[kind];
export type DisqualificationReason = 'general' | 'creative-direction' | 'volume';
export type EmailData<K extends EmailKind> = Parameters<(typeof EMAIL_KINDS)[K]['render']>[0];

function bulk(
  lang: EmailLanguage,
  subjectKey: StringKey,
  bodyKey: StringKey,
  d: CompetitionRef & { amount: number },
): RenderedEmail {
  const t = textsFor(lang);
  const vars = { competition: d.competition, organizer: d.organizer, amount: usd(d.amount) };
  return layout(lang, {
    subject: t.text(subjectKey, vars),
    marketing: true,
    blocks: [block(t, bodyKey, vars), block(t, 'enterNow', {}, d.url)],
  });
}

export function renderEmail<K extends EmailKind>(
  kind: K,
  data: EmailData<K>,
  language: EmailLanguage,
): RenderedEmail {
  return (EMAIL_KINDS[kind].render as (d: EmailData<K>, l: EmailLanguage) => RenderedEmail)(data, language);
}
