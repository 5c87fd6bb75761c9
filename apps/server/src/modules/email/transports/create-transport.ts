import type { Config } from '../../../config/env.ts';
import { mandrillTransport } from './mandrill-transport.ts';
import { smtpTransport } from './smtp-transport.ts';
import { type EmailTransport, outboxTransport } from './transport.ts';

/** EMAIL_TRANSPORT picks one: outbox (default, nothing leaves the machine), smtp or mandrill. */
export function createTransport(email: Config['email']): EmailTransport {
  switch (email.transport) {
    case 'smtp':
      return smtpTransport(email.smtpUrl!, email.timeoutMs);
    case 'mandrill':
      return mandrillTransport({
        apiKey: email.mandrillApiKey!,
        baseUrl: email.mandrillBaseUrl,
        timeoutMs: email.timeoutMs,
      });
    default:
      return outboxTransport;
  }
}
