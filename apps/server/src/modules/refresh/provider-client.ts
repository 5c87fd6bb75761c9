import { type RefreshFailure, refreshFailureOfStatus } from '@preffy/domain';

/**
 * What every social-data provider call goes through: a per-provider request rate (instead of
 * the legacy fixed 1 s stagger), a timeout, retries with backoff on 429, 5xx and network
 * errors (honouring Retry-After), and a circuit breaker that stops calling a provider that
 * keeps failing, so one outage does not stall a whole refresh.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** Worth another provider (fallback) or a later try: timeouts, 429, 5xx, an open circuit. */
    readonly temporary: boolean,
    /** What it means for the post, in the fixed words the web translates (decision 0111). */
    readonly reason: RefreshFailure = 'provider-error',
  ) {
    super(message);
  }
}

export type ProviderClientOptions = {
  name: string;
  requestsPerSecond: number;
  timeoutMs: number;
  retries?: number;
  /** First backoff; doubles per retry. */
  backoffMs?: number;
  /** Consecutive failed calls that open the circuit, and for how long. */
  breakerThreshold?: number;
  breakerOpenMs?: number;
};

export class ProviderClient {
  readonly name: string;
  private nextSlot = 0;
  private consecutiveFailures = 0;
  private openUntil = 0;

  constructor(private readonly options: ProviderClientOptions) {
    this.name = options.name;
  }

  /** Waits for this provider's next request slot (requests per second, shared by all callers). */
  private async slot() {
    const interval = 1000 / this.options.requestsPerSecond;
    const at = Math.max(Date.now(), this.nextSlot);
    this.nextSlot = at + interval;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  get circuitOpen() {
    return Date.now() < this.openUntil;
  }

  getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
    return this.get(
      url,
      { accept: 'application/json', ...headers },
      (response) => response.json() as Promise<T>,
    );
  }

  /** A page's HTML (Instagram's embed page through a scraping proxy). */
  getText(url: string, headers: Record<string, string> = {}): Promise<string> {
    return this.get(url, { accept: 'text/html', ...headers }, (response) => response.text());
  }

  private async get<T>(
    url: string,
    headers: Record<string, string>,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    if (this.circuitOpen)
      throw new ProviderError(`${this.name}: paused after repeated failures`, true, 'no-answer');
    const retries = this.options.retries ?? 2;
    let lastError: ProviderError | undefined;
    let retryAfterMs: number | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        const backoff = (this.options.backoffMs ?? 500) * 2 ** (attempt - 1);
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs ?? backoff));
        retryAfterMs = undefined;
      }
      await this.slot();
      try {
        const response = await fetch(url, {
          headers,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        if (response.ok) {
          const body = await read(response);
          this.consecutiveFailures = 0;
          return body;
        }
        const temporary = response.status === 429 || response.status >= 500;
        const body = response.status === 403 ? await response.text().catch(() => '') : '';
        lastError = new ProviderError(
          `${this.name}: HTTP ${response.status}`,
          temporary,
          refreshFailureOfStatus(response.status, body),
        );
        const retryAfter = Number(response.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = Math.min(retryAfter * 1000, 10_000);
        if (!temporary) break;
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        lastError = new ProviderError(
          `${this.name}: ${timedOut ? `no answer within ${this.options.timeoutMs} ms` : (error as Error).message}`,
          true,
          'no-answer',
        );
      }
    }
    this.consecutiveFailures += 1;
    if (this.consecutiveFailures >= (this.options.breakerThreshold ?? 5)) {
      this.openUntil = Date.now() + (this.options.breakerOpenMs ?? 60_000);
      this.consecutiveFailures = 0;
    }
    throw lastError!;
  }
}
