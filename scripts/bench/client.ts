// Signed in as the bench admin, the way the web app is: a session cookie and the CSRF header.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { BENCH_USER } from '../../apps/server/src/dev/bench-user.ts';

export type Client = Awaited<ReturnType<typeof signIn>>;
export type Ask = { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> };

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

/** Signs in to the server at `base`; the client sends its cookies and CSRF token from then on. */
export async function signIn(base: string) {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfAnswer = await fetch(`${base}/api/auth/csrf`);
  keep(csrfAnswer);
  const { token: csrf } = (await csrfAnswer.json()) as { token: string };
  /**
   * fetch, once more when the server had closed the kept-alive connection while it sat idle (the
   * load run leaves it idle for a minute): that request never reached the server, so repeating a
   * POST is safe.
   */
  const send = (url: string, init: RequestInit) =>
    fetch(url, init).catch((error: Error & { cause?: { code?: string } }) => {
      if (error.cause?.code !== 'ECONNRESET') throw error;
      return fetch(url, init);
    });
  const post = async (url: string, body: unknown = {}, headers: Record<string, string> = {}) => {
    const response = await send(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookieHeader(),
        'x-csrf-token': csrf,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    keep(response);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  /**
   * A signed-in request by node:http over a kept-alive connection, asking for compression as a
   * browser does over HTTPS (so Brotli; fetch over plain http asked for gzip): the body as text.
   * Not fetch: its WHATWG streams and headers cost the measuring process about a millisecond at
   * p50 and more at p95, more than the quickest lists' whole SQL floor. Once more when the server
   * had closed the idle connection (see send; that request never reached it, so a POST is safe).
   */
  const keptAlive = new http.Agent({ keepAlive: true });
  function askFrom(origin: string, url: string, ask: Ask = {}, retried = false): Promise<string> {
    const body = ask.method === 'POST' ? JSON.stringify(ask.body ?? {}) : undefined;
    const headers = {
      cookie: cookieHeader(),
      'accept-encoding': 'gzip, deflate, br',
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-csrf-token': csrf }),
      ...ask.headers,
    };
    return new Promise((resolve, reject) => {
      http
        .request(
          `${origin}${url}`,
          { method: ask.method ?? 'GET', agent: keptAlive, headers },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', () => {
              const body = Buffer.concat(chunks);
              const decode = decoders[response.headers['content-encoding'] ?? ''];
              let text: string;
              try {
                text = (decode ? decode(body) : body).toString();
              } catch (error) {
                return reject(new Error(`${url}: the answer could not be decompressed`, { cause: error }));
              }
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) resolve(text);
              else reject(new Error(`${url}: ${status} ${text.slice(0, 200)}`));
            });
          },
        )
        .on('error', (error: NodeJS.ErrnoException) =>
          !retried && error.code === 'ECONNRESET' ? resolve(askFrom(origin, url, ask, true)) : reject(error),
        )
        .end(body);
    });
  }

  await post('/api/auth/login', { email: BENCH_USER.email, password: BENCH_USER.password });
  return {
    base,
    cookieHeader,
    /** The session's token, as the server stored it (hashed) in `sessions`. */
    sessionToken: () => cookies.get('preffy_session')!,
    post,
    askFrom,
    /** A timed GET of the server under test. */
    get: (url: string) => askFrom(base, url),
    /** A timed POST (the payout CSV's Download CSV), by the same client as the timed GETs. */
    timedPost: async (url: string, body: unknown, headers: Record<string, string>) =>
      JSON.parse(await askFrom(base, url, { method: 'POST', body, headers })) as Record<string, unknown>,
    /** Starts a job (Update Leaderboard, Update Views) and waits until it is done: its seconds. */
    async runJob(url: string) {
      const started = performance.now();
      const { job } = (await post(url)) as { job: { id: string } };
      for (;;) {
        const answer = await send(`${base}/api/jobs/${job.id}`, { headers: { cookie: cookieHeader() } });
        const { job: state } = (await answer.json()) as { job: { status: string; failed: number } };
        if (state.status === 'done')
          return { seconds: (performance.now() - started) / 1000, failed: state.failed };
        if (state.status === 'failed' || state.status === 'cancelled')
          throw new Error(`${url}: the job ${state.status}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}
