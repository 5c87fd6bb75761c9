// The stats refresh: Update Views of a competition of its own through the fake providers, slow
// like real ones, against the least time the server's per-provider limit allows.
import { REFRESH_COMPETITION_ID } from '../../apps/server/src/dev/large-data-set.ts';
import type { createFakeProviders } from '../../apps/server/src/modules/refresh/fake-providers.ts';
import type { Client } from './client.ts';
import type { BenchOptions } from './options.ts';

export type RefreshResult = Awaited<ReturnType<typeof measureRefresh>>;

// Update Views of refresh.posts posts: each provider is limited to refresh.perSecond requests, so
// the run can take no less than its busiest provider's requests ÷ that rate.
export async function measureRefresh(
  client: Client,
  fake: ReturnType<typeof createFakeProviders>,
  refresh: BenchOptions['refresh'],
) {
  const before = fake.requests.length;
  const refreshRun = await client.runJob(`/api/competitions/${REFRESH_COMPETITION_ID}/refresh`);
  const byProvider = new Map<string, number>();
  for (const request of fake.requests.slice(before)) {
    const provider = request.split(' ')[1]!.split('/')[1] ?? 'other';
    byProvider.set(provider, (byProvider.get(provider) ?? 0) + 1);
  }
  const busiest = Math.max(...byProvider.values());
  return {
    posts: refresh.posts,
    seconds: refreshRun.seconds,
    failed: refreshRun.failed,
    requests: Object.fromEntries(byProvider),
    /** The least time the limit allows: the busiest provider's requests at the allowed rate. */
    floorSeconds: busiest / refresh.perSecond,
    achievedPerSecond: busiest / refreshRun.seconds,
    allowedPerSecond: refresh.perSecond,
  };
}
