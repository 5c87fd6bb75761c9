import type { Config } from '../../config/env.ts';

/**
 * The PayPal settings the client and the payout job use: the configured credentials (config.paypal),
 * plus timings that tests shorten. The secret is only ever sent to PayPal's token endpoint.
 */
export type PaypalSettings = NonNullable<Config['paypal']> & {
  /** Each call to PayPal gives up after this long (default 15 s). */
  timeoutMs?: number;
  /** Retries of a call PayPal answered with 5xx, 429 or not at all (default 3), and the first wait. */
  retries?: number;
  backoffMs?: number;
  /** The payout job asks for a new batch's status this often, at most this many times. */
  pollIntervalMs?: number;
  maxPolls?: number;
};

/**
 * A refused or failed call. `status` is PayPal's HTTP status, or null when no answer came.
 * `uncertain`: an attempt of this call got no clear answer (silence, a timeout, a 5xx), so PayPal
 * may have done what was asked even though the call failed.
 */
export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly uncertain = false,
  ) {
    super(message);
  }

  /** Worth trying again with the same request: no answer, 429 or 5xx. */
  get temporary() {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}

export type PayoutItemInput = {
  /** Our payment id: PayPal's sender_item_id, how an item finds its payment again. */
  paymentId: string;
  receiver: string;
  amount: number;
  currency: string;
  note: string;
};

export type CreatedBatch = {
  payoutBatchId: string;
  batchStatus: string;
  /** PayPal already had a batch with this sender_batch_id: this is that batch, nothing new was paid. */
  duplicate: boolean;
};

export type BatchItem = {
  payoutItemId: string;
  transactionStatus: string;
  senderItemId: string | null;
};

export type PayoutBatch = {
  payoutBatchId: string;
  batchStatus: string;
  senderBatchId: string | null;
  items: BatchItem[];
};

/** The paypal-* headers of a webhook delivery, as PayPal's verify call names them. */
export type WebhookTransmission = {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
};

type Answer = { status: number; body: unknown };

const PAGE_SIZE = 1000;
/** A token is renewed this long before PayPal says it expires, so no call carries a stale one. */
const TOKEN_MARGIN_MS = 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PayPal's error text ("NAME: message"), never our request (which holds the token). */
function describeAnswer(answer: Answer) {
  const body = answer.body as { name?: unknown; message?: unknown; error?: unknown } | null;
  const name = typeof body?.name === 'string' ? body.name : typeof body?.error === 'string' ? body.error : '';
  const message = typeof body?.message === 'string' ? body.message : '';
  const detail = [name, message].filter(Boolean).join(': ').slice(0, 300);
  return `PayPal answered HTTP ${answer.status}${detail ? ` (${detail})` : ''}`;
}

/** The payout batch a HATEOAS link of an error answer points at (PayPal's duplicate answer). */
function linkedBatchId(body: unknown): string | null {
  const hrefs: string[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value))
        if (key === 'href' && typeof inner === 'string') hrefs.push(inner);
        else collect(inner);
  };
  collect(body);
  for (const href of hrefs) {
    const match = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]+)(?:[/?#]|$)/.exec(href);
    if (match) return match[1]!;
  }
  return null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * PayPal's REST API for Payouts: an OAuth2 client-credentials token (cached until shortly before it
 * expires), create and read payout batches, and verify webhook signatures. Every call has a
 * timeout; calls that may be repeated safely are retried on 5xx, 429 and silence, with backoff.
 */
export class PaypalClient {
  private token: { value: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(private readonly settings: PaypalSettings) {}

  /**
   * Creates a payout batch. A retry with the same `senderBatchId` is safe: PayPal pays a
   * sender_batch_id once in 30 days and answers a repeat with an error linking the first batch,
   * which is returned here as `duplicate` (so a lost answer never leads to a second batch). An
   * error after an attempt that got no clear answer is `uncertain`: the batch may exist.
   */
  async createPayout(input: {
    senderBatchId: string;
    emailSubject: string;
    emailMessage: string;
    items: PayoutItemInput[];
  }): Promise<CreatedBatch> {
    let uncertain = false;
    try {
      return await this.createAttempts(input, () => {
        uncertain = true;
      });
    } catch (error) {
      if (uncertain && error instanceof PaypalError && !error.uncertain)
        throw new PaypalError(error.message, error.status, true);
      throw error;
    }
  }

  private createAttempts(
    input: Parameters<PaypalClient['createPayout']>[0],
    noClearAnswer: () => void,
  ): Promise<CreatedBatch> {
    return this.withRetries(async () => {
      // Without a token nothing is sent: a failure here leaves no doubt.
      await this.accessToken();
      const answer = await this.call('POST', '/v1/payments/payouts', {
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          email_subject: input.emailSubject,
          email_message: input.emailMessage,
        },
        items: input.items.map((item) => ({
          recipient_type: 'EMAIL',
          amount: { value: item.amount.toFixed(2), currency: item.currency },
          receiver: item.receiver,
          note: item.note,
          sender_item_id: item.paymentId,
        })),
      }).catch((error: unknown) => {
        if (error instanceof PaypalError && error.status === null) noClearAnswer();
        throw error;
      });
      if (answer.status === 201 || answer.status === 200) {
        const header = (answer.body as { batch_header?: Record<string, unknown> } | null)?.batch_header;
        const payoutBatchId = text(header?.payout_batch_id);
        if (payoutBatchId)
          return { payoutBatchId, batchStatus: text(header?.batch_status) ?? 'PENDING', duplicate: false };
        noClearAnswer();
        throw new PaypalError('PayPal accepted the payout without a batch id', 502);
      }
      if (answer.status >= 400 && answer.status < 500) {
        const existing = linkedBatchId(answer.body);
        if (existing) return { payoutBatchId: existing, batchStatus: 'PENDING', duplicate: true };
      }
      if (answer.status >= 500) noClearAnswer();
      throw new PaypalError(describeAnswer(answer), answer.status);
    });
  }

  /** A batch with all its items (PayPal pages them: every page is read). */
  async getPayout(payoutBatchId: string): Promise<PayoutBatch> {
    const items: BatchItem[] = [];
    let batch: Omit<PayoutBatch, 'items'> | undefined;
    for (let page = 1; ; page++) {
      const body = await this.withRetries(async () => {
        const answer = await this.call(
          'GET',
          `/v1/payments/payouts/${encodeURIComponent(payoutBatchId)}?page=${page}&page_size=${PAGE_SIZE}&total_required=true`,
        );
        if (answer.status !== 200) throw new PaypalError(describeAnswer(answer), answer.status);
        return answer.body as {
          batch_header?: { batch_status?: unknown; sender_batch_header?: { sender_batch_id?: unknown } };
          items?: {
            payout_item_id?: unknown;
            transaction_status?: unknown;
            payout_item?: { sender_item_id?: unknown };
          }[];
          total_pages?: unknown;
        };
      });
      batch ??= {
        payoutBatchId,
        batchStatus: text(body.batch_header?.batch_status) ?? 'PENDING',
        senderBatchId: text(body.batch_header?.sender_batch_header?.sender_batch_id),
      };
      const pageItems = Array.isArray(body.items) ? body.items : [];
      for (const item of pageItems) {
        const payoutItemId = text(item.payout_item_id);
        const transactionStatus = text(item.transaction_status);
        if (payoutItemId && transactionStatus)
          items.push({
            payoutItemId,
            transactionStatus,
            senderItemId: text(item.payout_item?.sender_item_id),
          });
      }
      const totalPages = typeof body.total_pages === 'number' ? body.total_pages : 1;
      if (page >= totalPages || pageItems.length === 0) break;
    }
    return { ...batch!, items };
  }

  /**
   * Asks PayPal whether a webhook delivery is genuine. The event goes back exactly as it was
   * received (`rawEvent`, the request's bytes): re-serialising it could change it and fail the check.
   */
  async verifyWebhookSignature(transmission: WebhookTransmission, rawEvent: string): Promise<boolean> {
    if (!this.settings.webhookId) return false;
    const fields = JSON.stringify({
      auth_algo: transmission.authAlgo,
      cert_url: transmission.certUrl,
      transmission_id: transmission.transmissionId,
      transmission_sig: transmission.transmissionSig,
      transmission_time: transmission.transmissionTime,
      webhook_id: this.settings.webhookId,
    });
    const body = `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`;
    const answer = await this.withRetries(async () => {
      const result = await this.call('POST', '/v1/notifications/verify-webhook-signature', body);
      if (result.status !== 200) throw new PaypalError(describeAnswer(result), result.status);
      return result;
    });
    return (answer.body as { verification_status?: unknown } | null)?.verification_status === 'SUCCESS';
  }

  private async withRetries<T>(work: () => Promise<T>): Promise<T> {
    const retries = this.settings.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof PaypalError) || !error.temporary || attempt >= retries) throw error;
        await wait((this.settings.backoffMs ?? 1000) * 2 ** attempt);
      }
    }
  }

  /** One authorised call; a token PayPal no longer accepts is dropped and fetched again once. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    let answer = await this.send(method, path, body, await this.accessToken());
    if (answer.status === 401) {
      this.token = undefined;
      answer = await this.send(method, path, body, await this.accessToken());
    }
    return answer;
  }

  private async send(method: string, path: string, body: unknown, token: string): Promise<Answer> {
    return this.fetchAnswer(`${this.settings.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  private async fetchAnswer(url: string, init: RequestInit): Promise<Answer> {
    const timeoutMs = this.settings.timeoutMs ?? 15_000;
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const err = error as Error;
      // The message names neither the request's headers nor its body: no token, no secret.
      throw new PaypalError(
        err.name === 'TimeoutError'
          ? `PayPal did not answer within ${timeoutMs} ms`
          : 'PayPal could not be reached',
        null,
      );
    }
    const raw = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed };
  }

  /** The cached token, or a new one (concurrent callers share one request). */
  private accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const { clientId, clientSecret } = this.settings;
    const answer = await this.withRetries(async () => {
      const result = await this.fetchAnswer(`${this.settings.apiUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      if (result.status !== 200)
        throw new PaypalError(`PayPal refused the credentials: ${describeAnswer(result)}`, result.status);
      return result;
    });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    const value = text(body?.access_token);
    if (!value) throw new PaypalError('PayPal answered the token request without a token', 502);
    const expiresInMs = (typeof body?.expires_in === 'number' ? body.expires_in : 300) * 1000;
    this.token = { value, expiresAt: Date.now() + Math.max(expiresInMs - TOKEN_MARGIN_MS, expiresInMs / 2) };
    return value;
  }
}
