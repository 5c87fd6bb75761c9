import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../escape-html.ts';
import { EMAIL_KINDS, type EmailKind, isTextOnly, renderEmail } from './messages.ts';
import {
  EMAIL_LANGUAGES,
  type EmailLanguage,
  UNSUBSCRIBE_PLACEHOLDER,
  withUnsubscribeUrl,
} from './render.ts';
import { de } from './strings.de.ts';
import { en } from './strings.en.ts';

const kinds = Object.keys(EMAIL_KINDS) as EmailKind[];
const languages = Object.keys(EMAIL_LANGUAGES) as EmailLanguage[];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('email strings', () => {
  it('exist in every language with the same keys and placeholders as English', () => {
    for (const language of languages) {
      const strings = EMAIL_LANGUAGES[language] as Record<string, string>;
      expect(Object.keys(strings).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(en)) {
        expect(strings[key]!.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(strings[key]!), `${language}.${key}`).toEqual(placeholders(value));
      }
    }
  });
});

describe('every message kind', () => {
  it('renders HTML and text in every language with nothing left unfilled', () => {
    for (const kind of kinds) {
      for (const language of languages) {
        const email = renderEmail(kind, EMAIL_KINDS[kind].sample as never, language);
        for (const part of [email.subject, email.html, email.text]) {
          expect(part.replace(UNSUBSCRIBE_PLACEHOLDER, ''), `${kind}/${language}`).not.toMatch(/\{\w+\}/);
        }
        // A text-only message has no HTML part; every other names its language.
        if (isTextOnly(kind)) expect(email.html, kind).toBe('');
        else expect(email.html).toContain(`lang="${language}"`);
        expect(email.text.length).toBeGreaterThan(20);
      }
    }
  });
  it('puts the unsubscribe link in marketing mail only', () => {
    for (const kind of kinds) {
      const email = renderEmail(kind, EMAIL_KINDS[kind].sample as never, 'en');
      // A text-only message has no HTML to carry it.
      expect(email.html.includes(UNSUBSCRIBE_PLACEHOLDER), kind).toBe(
        EMAIL_KINDS[kind].marketing && !isTextOnly(kind),
      );
      expect(email.text.includes(UNSUBSCRIBE_PLACEHOLDER), kind).toBe(EMAIL_KINDS[kind].marketing);
    }
    expect(kinds.filter((k) => EMAIL_KINDS[k].marketing).sort()).toEqual([
      'bulk-basic',
      'bulk-fancy',
      'bulk-promotion',
      'giveaway-promotion',
      'new-competition',
      'outreach',
    ]);
  });
  it('escapes what users typed', () => {
    const email = renderEmail(
      'winner-notice',
      { ...EMAIL_KINDS['winner-notice'].sample, competition: '<script>x</script>' },
      'en',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.text).toContain('<script>x</script>');
  });
});

describe('winner notice', () => {
  it('tells standard winners about the 1-2 business day approval, genni entrants about 3-5 days', () => {
    const sample = EMAIL_KINDS['winner-notice'].sample;
    expect(renderEmail('winner-notice', { ...sample, isGenni: false }, 'en').text).toContain(
      '1-2 business days',
    );
    const genni = renderEmail('winner-notice', { ...sample, isGenni: true }, 'en').text;
    expect(genni).toContain('3-5 business days');
    expect(genni).not.toContain('1-2 business days');
  });
});

describe('winner notice amounts (decision 0105)', () => {
  const sample = EMAIL_KINDS['winner-notice'].sample;
  it('gives the prize, the place and the payout with the fee, in every language', () => {
    const en = renderEmail('winner-notice', sample, 'en').text;
    expect(en).toContain('won 3rd Place, a prize of $200.');
    expect(en).toContain('You will be paid $160: 80% of the prize, after the 20% platform fee.');
    const ru = renderEmail('winner-notice', sample, 'ru').text;
    expect(ru).toContain('заняло 3rd Place и выиграло приз $200');
    expect(ru).toContain('Вам будет выплачено $160: 80% приза после комиссии платформы 20%.');
    for (const lang of ['de', 'es', 'it'] as const) {
      const text = renderEmail('winner-notice', sample, lang).text;
      for (const figure of ['3rd Place', '$200', '$160', '80', '20']) expect(text, lang).toContain(figure);
    }
  });
  it('tells genni entrants they get the full prize', () => {
    const text = renderEmail('winner-notice', { ...sample, payout: 200, isGenni: true }, 'en').text;
    expect(text).toContain('You will be paid the full prize, $200.');
  });
  it('still renders a notice queued before, which holds the payout as its prize', () => {
    const { place: _place, payout: _payout, ...queuedBefore } = sample;
    expect(renderEmail('winner-notice', { ...queuedBefore, prize: 160 }, 'en').text).toContain('won $160.');
  });
});

describe('post disqualification', () => {
  it("has the subject 'Post Disqualification' and one explanation per variant", () => {
    const sample = EMAIL_KINDS['post-disqualification'].sample;
    const general = renderEmail('post-disqualification', { ...sample, reason: 'general' }, 'en');
    expect(general.subject).toBe('Post Disqualification');
    for (const rule of [
      'song must be clearly heard',
      'original',
      'not a meme',
      'nothing inappropriate',
      'correct audio version',
      'no spam',
    ]) {
      expect(general.text).toContain(rule);
    }
    expect(
      renderEmail('post-disqualification', { ...sample, reason: 'creative-direction' }, 'en').text,
    ).toContain('creative direction');
    expect(renderEmail('post-disqualification', { ...sample, reason: 'volume' }, 'en').text).toContain(
      'not loud enough',
    );
  });
});

describe('giveaway promotion', () => {
  // The count rule itself is tested in packages/domain (promotions.test.ts).
  it('says how many creators the balance pays: the total divided by the amount per creator', () => {
    expect(
      renderEmail(
        'giveaway-promotion',
        { ...EMAIL_KINDS['giveaway-promotion'].sample, amount: 25, remainingBalance: 500 },
        'en',
      ).subject,
    ).toBe('Giveaway: $25 for the next 20 creators');
  });
});

describe('plain-text outreach', () => {
  it("is the admin's subject and text with the unsubscribe line, and no HTML", () => {
    const email = renderEmail('outreach', { subject: 'Hello <there>', body: 'Line one\n\nLine two' }, 'de');
    expect(email).toEqual({
      subject: 'Hello <there>',
      html: '',
      text: `Line one\n\nLine two\n\n${de.unsubscribeText.replace('{url}', UNSUBSCRIBE_PLACEHOLDER)}\n`,
    });
    expect(isTextOnly('outreach')).toBe(true);
    expect(isTextOnly('new-competition')).toBe(false);
  });
});

describe('HTML exact to its standard (issue 19)', () => {
  it('gives every HTML message a head with its subject as the title', () => {
    for (const kind of (Object.keys(EMAIL_KINDS) as EmailKind[]).filter((k) => !isTextOnly(k))) {
      const email = renderEmail(kind, EMAIL_KINDS[kind].sample as never, 'en');
      expect(email.html, kind).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8"><title>/);
      expect(email.html, kind).toContain(`<title>${escapeHtml(email.subject)}</title></head><body`);
    }
  });

  it('keeps the line breaks of a value, escaped, in HTML', () => {
    const sample = EMAIL_KINDS['reservation-notice'].sample;
    const email = renderEmail('reservation-notice', { ...sample, notes: 'Call <Ann>\nafter 5' }, 'en');
    expect(email.html).toContain('Call &lt;Ann&gt;<br>after 5');
    expect(email.text).toContain('Call <Ann>\nafter 5');
  });

  it('puts the unsubscribe link in with its & escaped in HTML and as it is in the text', () => {
    const kind = (Object.keys(EMAIL_KINDS) as EmailKind[]).find((k) => EMAIL_KINDS[k].marketing)!;
    const email = withUnsubscribeUrl(
      renderEmail(kind, EMAIL_KINDS[kind].sample as never, 'en'),
      'https://x.test/u?e=a&t=b',
    );
    expect(email.html).toContain('href="https://x.test/u?e=a&amp;t=b"');
    expect(email.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(email.text).toContain('https://x.test/u?e=a&t=b');
  });
});
