/** One email to one recipient, ready to go: personalised, with its headers. */
export type OutgoingMail = {
  from: { email: string; name: string };
  to: { email: string; name: string | null };
  subject: string;
  /** Empty for a text-only message (the plain-text outreach): then no HTML part is sent. */
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Kind of message, for the provider's reports. */
  tag: string;
  /** Unique per message and recipient. */
  idempotencyKey: string;
};

/**
 * What happened: accepted by the provider; refused for good (bad address, rejected by the
 * provider); or a temporary failure worth retrying (5xx, 429, timeout, network).
 */
export type DeliveryResult =
  { status: 'sent' } | { status: 'rejected'; reason: string } | { status: 'retry'; reason: string };

export type EmailTransport = {
  name: 'outbox' | 'smtp' | 'mandrill';
  deliver(mail: OutgoingMail): Promise<DeliveryResult>;
  close?(): Promise<void>;
};

/** The default: nothing leaves the machine; admins read messages on the Outbox page. */
export const outboxTransport: EmailTransport = {
  name: 'outbox',
  deliver: async () => ({ status: 'sent' }),
};
