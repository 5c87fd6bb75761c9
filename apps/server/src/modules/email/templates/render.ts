import { escapeHtml } from '../escape-html.ts';
import { type EmailStrings, en } from './strings.en.ts';
import { de } from './strings.de.ts';
import { es } from './strings.es.ts';
import { it } from './strings.it.ts';
import { ru } from './strings.ru.ts';

export const EMAIL_LANGUAGES = { en, es, de, it, ru } satisfies Record<string, EmailStrings>;
export type EmailLanguage = keyof typeof EMAIL_LANGUAGES;
export type StringKey = keyof EmailStrings;
export type Vars = Record<string, string | number>;

/** The placeholder the worker replaces with each recipient's own unsubscribe link. */
export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribeUrl}}';

/** A message with its recipient's unsubscribe link put in: escaped in the HTML (its `&`), as it is in the text. */
export const withUnsubscribeUrl = <M extends { html: string; text: string }>(message: M, url: string): M => ({
  ...message,
  html: message.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(url)),
  text: message.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, url),
});

export const languageOf = (language: string | null | undefined): EmailLanguage =>
  language && language in EMAIL_LANGUAGES ? (language as EmailLanguage) : 'en';

/** One message's text in one language: plain (for the text part) and escaped (for HTML). */
export function textsFor(language: EmailLanguage) {
  const strings = EMAIL_LANGUAGES[language];
  const fill = (template: string, vars: Vars, escape: (s: string) => string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in vars ? escape(String(vars[name])) : whole,
    );
  return {
    text: (key: StringKey, vars: Vars = {}) => fill(strings[key], vars, (s) => s),
    // A value's line breaks (a reservation's notes) stay breaks in HTML too.
    html: (key: StringKey, vars: Vars = {}) =>
      fill(escapeHtml(strings[key]), vars, (s) => escapeHtml(s).replace(/\r?\n/g, '<br>')),
  };
}

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * The one layout of every email: greeting, paragraphs, an optional button, sign-off and, for
 * marketing mail, the unsubscribe line. Text and HTML are built from the same blocks.
 */
export function layout(
  language: EmailLanguage,
  options: {
    subject: string;
    name?: string | null;
    blocks: { text: string; html: string; url?: string }[];
    marketing?: boolean;
    transactionalNote?: boolean;
  },
): RenderedEmail {
  const t = textsFor(language);
  const greeting = options.name
    ? { text: t.text('greeting', { name: options.name }), html: t.html('greeting', { name: options.name }) }
    : null;
  const htmlParts: string[] = [];
  const textParts: string[] = [];
  if (greeting) {
    htmlParts.push(`<p>${greeting.html}</p>`);
    textParts.push(greeting.text);
  }
  for (const block of options.blocks) {
    if (block.url) {
      htmlParts.push(
        `<p><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${block.html}</a></p>`,
      );
      textParts.push(`${block.text}: ${block.url}`);
    } else {
      htmlParts.push(`<p>${block.html}</p>`);
      textParts.push(block.text);
    }
  }
  if (options.transactionalNote) {
    htmlParts.push(`<p style="color:#868e96">${t.html('ignore')}</p>`);
    textParts.push(t.text('ignore'));
  }
  htmlParts.push(`<p>${t.html('signoff')}</p>`);
  textParts.push(t.text('signoff'));
  if (options.marketing) {
    htmlParts.push(
      `<p style="color:#868e96;font-size:12px">${t.html('unsubscribeHtml')} <a href="${UNSUBSCRIBE_PLACEHOLDER}">${t.html('unsubscribeLink')}</a></p>`,
    );
    textParts.push(t.text('unsubscribeText', { url: UNSUBSCRIBE_PLACEHOLDER }));
  }
  return {
    subject: options.subject,
    html: `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(options.subject)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#212529">${htmlParts.join('\n')}</body></html>`,
    text: `${textParts.join('\n\n')}\n`,
  };
}
