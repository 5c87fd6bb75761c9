import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for PayPal's Payouts API on 127.0.0.1, for the tests: the token endpoint (checking
 * the client credentials), payouts create (remembering each sender_batch_id, and answering a
 * repeat as PayPal does: an error that links the first batch), the batch read (paged), and
 * webhook signature verification (SUCCESS only for a signature it was told about).
 *
 * A new batch is PENDING with PENDING items; the first read settles it: the batch SUCCESS and each
 * item the outcome set for its receiver (SUCCESS unless told otherwise).
 */
export type FakePaypalOptions = { clientId: string; clientSecret: string; webhookId: string };

type FakeItem = {
  payoutItemId: string;
  senderItemId: string;
  receiver: string;
  amount: { value: string; currency: string };
  note: string;
  recipientType: string;
  transactionStatus: string;
};

export type FakeBatch = {
  payoutBatchId: string;
  senderBatchId: string;
  emailSubject: string;
  batchStatus: string;
  items: FakeItem[];
};

const id = () => randomBytes(7).toString('hex').toUpperCase();

export function createFakePaypal(options: FakePaypalOptions) {
  const batches = new Map<string, FakeBatch>();
  const bySenderBatchId = new Map<string, string>();
  const tokens = new Set<string>();
  const validSignatures = new Set<string>();
  const outcomes = new Map<string, string>();
  /** Every create request's sender_batch_id, in order (repeats included). */
  const createRequests: string[] = [];
  const verifyRequests: unknown[] = [];
  let failures: { status: number; keepBatch: boolean }[] = [];
  let refusal: { status: number; body: unknown } | undefined;
  let tokenRequests = 0;
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const batchAnswer = (batch: FakeBatch, page = 1, pageSize = 1000) => {
    const pages = Math.max(1, Math.ceil(batch.items.length / pageSize));
    return {
      batch_header: {
        payout_batch_id: batch.payoutBatchId,
        batch_status: batch.batchStatus,
        sender_batch_header: { sender_batch_id: batch.senderBatchId, email_subject: batch.emailSubject },
      },
      items: batch.items.slice((page - 1) * pageSize, page * pageSize).map((item) => ({
        payout_item_id: item.payoutItemId,
        transaction_status: item.transactionStatus,
        payout_batch_id: batch.payoutBatchId,
        payout_item: {
          recipient_type: item.recipientType,
          amount: item.amount,
          note: item.note,
          receiver: item.receiver,
          sender_item_id: item.senderItemId,
        },
      })),
      total_items: batch.items.length,
      total_pages: pages,
    };
  };

  const createPayout = (res: ServerResponse, raw: string) => {
    const body = JSON.parse(raw) as {
      sender_batch_header: { sender_batch_id: string; email_subject: string };
      items: {
        recipient_type: string;
        amount: { value: string; currency: string };
        receiver: string;
        note: string;
        sender_item_id: string;
      }[];
    };
    const senderBatchId = body.sender_batch_header.sender_batch_id;
    createRequests.push(senderBatchId);
    const failure = failures.shift();
    if (failure && !failure.keepBatch) return json(res, failure.status, { name: 'INTERNAL_SERVER_ERROR' });
    if (refusal) return json(res, refusal.status, refusal.body);
    const existing = bySenderBatchId.get(senderBatchId);
    if (existing) {
      // PayPal's answer to a repeated sender_batch_id: refused, with a link to the original batch.
      const href = `${base}/v1/payments/payouts/${existing}`;
      return json(res, 400, {
        name: 'USER_BUSINESS_ERROR',
        message: 'User business error.',
        debug_id: id(),
        details: [
          {
            field: 'SENDER_BATCH_ID',
            location: 'body',
            issue: `Batch with given sender_batch_id already exists: ${senderBatchId}`,
            link: [{ href, rel: 'self', method: 'GET', encType: 'application/json' }],
          },
        ],
        links: [{ href, rel: 'self', method: 'GET' }],
      });
    }
    if (body.items.length === 0 || body.items.length > 15000)
      return json(res, 400, { name: 'VALIDATION_ERROR', message: 'Invalid request - see details' });
    const batch: FakeBatch = {
      payoutBatchId: id(),
      senderBatchId,
      emailSubject: body.sender_batch_header.email_subject,
      batchStatus: 'PENDING',
      items: body.items.map((item) => ({
        payoutItemId: id(),
        senderItemId: item.sender_item_id,
        receiver: item.receiver,
        amount: item.amount,
        note: item.note,
        recipientType: item.recipient_type,
        transactionStatus: 'PENDING',
      })),
    };
    batches.set(batch.payoutBatchId, batch);
    bySenderBatchId.set(senderBatchId, batch.payoutBatchId);
    // The batch was made, but the answer is lost (a 5xx on the way back).
    if (failure) return json(res, failure.status, { name: 'INTERNAL_SERVER_ERROR' });
    return json(res, 201, {
      batch_header: {
        payout_batch_id: batch.payoutBatchId,
        batch_status: batch.batchStatus,
        sender_batch_header: { sender_batch_id: senderBatchId, email_subject: batch.emailSubject },
      },
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const auth = req.headers.authorization ?? '';
    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      tokenRequests++;
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (auth !== expected || raw !== 'grant_type=client_credentials')
        return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${id()}`;
      tokens.add(token);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (!tokens.has(auth.replace(/^Bearer /, '')))
      return json(res, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    if (req.method === 'POST' && url.pathname === '/v1/payments/payouts') return createPayout(res, raw);
    const read = /^\/v1\/payments\/payouts\/([A-Z0-9]+)$/.exec(url.pathname);
    if (req.method === 'GET' && read) {
      const batch = batches.get(read[1]!);
      if (!batch)
        return json(res, 404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The requested resource was not found',
        });
      if (batch.batchStatus === 'PENDING') {
        batch.batchStatus = 'SUCCESS';
        for (const item of batch.items) item.transactionStatus = outcomes.get(item.receiver) ?? 'SUCCESS';
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('page_size') ?? 1000);
      return json(res, 200, batchAnswer(batch, page, pageSize));
    }
    if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(raw) as {
        transmission_sig?: string;
        webhook_id?: string;
        webhook_event?: unknown;
      };
      verifyRequests.push(body);
      const genuine =
        body.webhook_id === options.webhookId &&
        !!body.transmission_sig &&
        validSignatures.has(body.transmission_sig) &&
        typeof body.webhook_event === 'object';
      return json(res, 200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
    }
    return json(res, 404, { name: 'NOT_FOUND' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { name: 'INTERNAL_SERVER_ERROR' }));
  });

  return {
    batches,
    createRequests,
    verifyRequests,
    get tokenRequests() {
      return tokenRequests;
    },
    /** Every access token handed out (a test checks none reaches an answer). */
    tokens,
    /**
     * The next `count` creates answer `status` (before any refusal); with `keepBatch` the first of
     * them makes the batch, but its answer is lost.
     */
    failNextCreates(count: number, status = 500, keepBatch = false) {
      failures = Array.from({ length: count }, (_, i) => ({ status, keepBatch: keepBatch && i === 0 }));
    },
    /** Every create (after the failures set above) is refused with this answer until cleared (undefined). */
    refuseCreates(answer: { status: number; body: unknown } | undefined) {
      refusal = answer;
    },
    /** The status items to this receiver settle in (SUCCESS by default). */
    setOutcome(receiver: string, status: string) {
      outcomes.set(receiver, status);
    },
    /** Accepts webhook deliveries carrying this signature. */
    acceptSignature(signature: string) {
      validSignatures.add(signature);
    },
    batchOf(senderBatchId: string) {
      const payoutBatchId = bySenderBatchId.get(senderBatchId);
      return payoutBatchId ? batches.get(payoutBatchId) : undefined;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePaypal = ReturnType<typeof createFakePaypal>;
