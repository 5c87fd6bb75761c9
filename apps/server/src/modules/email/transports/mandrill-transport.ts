import type { DeliveryResult, EmailTransport, OutgoingMail } from './transport.ts';

export const MANDRILL_DEFAULT_BASE_URL = 'https://mandrillapp.com/api/1.0';

type MandrillRecipientResult = {
  email: string;
  status: 'sent' | 'queued' | 'scheduled' | 'rejected' | 'invalid';
  reject_reason?: string | null;
  _id?: string;
};
type MandrillError = { status: 'error'; code: number; name: string; message: string };

/** Errors that no retry can fix. */
const PERMANENT_ERRORS = new Set(['Invalid_Key', 'ValidationError', 'PaymentRequired', 'Unknown_Subaccount']);

/**
 * The Mailchimp Transactional (Mandrill) messages/send API. The key never leaves the server;
 * the base URL is configurable so tests can use a fake server on 127.0.0.1.
 */
export function mandrillTransport(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}): EmailTransport {
  return {
    name: 'mandrill',
    async deliver(mail: OutgoingMail): Promise<DeliveryResult> {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/messages/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
          body: JSON.stringify({
            key: options.apiKey,
            message: {
              html: mail.html || undefined,
              text: mail.text,
              subject: mail.subject,
              from_email: mail.from.email,
              from_name: mail.from.name,
              to: [{ email: mail.to.email, name: mail.to.name ?? undefined, type: 'to' }],
              headers: mail.headers,
              preserve_recipients: false,
              tags: [mail.tag],
              metadata: { idempotency_key: mail.idempotencyKey },
            },
          }),
        });
      } catch (error) {
        const err = error as Error;
        return {
          status: 'retry',
          reason:
            err.name === 'TimeoutError'
              ? `Mandrill did not answer within ${options.timeoutMs} ms`
              : err.message,
        };
      }
      const body = (await response.json().catch(() => null)) as
        MandrillRecipientResult[] | MandrillError | null;
      if (!response.ok || !Array.isArray(body)) {
        const err = body && !Array.isArray(body) ? body : null;
        const reason = err
          ? `Mandrill ${err.name} (${err.code}): ${err.message}`
          : `Mandrill answered HTTP ${response.status}`;
        if (err && PERMANENT_ERRORS.has(err.name)) return { status: 'rejected', reason };
        return { status: 'retry', reason };
      }
      const result = body.find((r) => r.email.toLowerCase() === mail.to.email.toLowerCase()) ?? body[0];
      if (!result) return { status: 'retry', reason: 'Mandrill returned no result for the recipient' };
      if (result.status === 'rejected' || result.status === 'invalid') {
        return {
          status: 'rejected',
          reason: `${result.status}${result.reject_reason ? `: ${result.reject_reason}` : ''}`,
        };
      }
      return { status: 'sent' };
    },
  };
}
