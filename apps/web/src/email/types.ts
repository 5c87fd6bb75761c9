export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'rejected', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export type StatusCounts = Record<RecipientStatus, number>;

export interface OutboxMessage {
  id: string;
  createdAt: number;
  kind: string;
  subject: string;
  isMarketing: boolean;
  language: string;
  firstRecipient: string | null;
  recipients: number;
  counts: StatusCounts;
}
export interface OutboxMessageDetail extends OutboxMessage {
  html: string;
  text: string;
}
export interface Recipient {
  email: string;
  name: string | null;
  status: RecipientStatus;
  reason: string | null;
  attempts: number;
  sentAt: number | null;
  transport: string | null;
}
export interface Subscriber {
  id: string;
  email: string;
  paypal: string | null;
  balance: number;
  isVetted: boolean;
}
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}
