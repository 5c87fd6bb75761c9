import { defineArea } from '../../lib/area.ts';
import { createCoverReader } from './cover-reader.ts';
import { createStatsSources } from './providers.ts';
import { refreshActiveCompetitions, refreshViewsHandler } from './refresh-jobs.ts';

export { fakeProvidersConfig } from './fake-providers.ts';
export { createStatsSources, type PostStats, type StatsSource, type StatsSources } from './providers.ts';
export { startRefreshJob } from './refresh-jobs.ts';

export const refreshArea = defineArea({
  name: 'refresh',
  owns: { postSnapshots: true },
  jobs: ({ config }) => [
    refreshViewsHandler(createStatsSources(config.providers), {
      timeZone: config.businessTimeZone,
      dialect: config.databaseUrl ? 'postgres' : 'sqlite',
      readCover: createCoverReader({ timeoutMs: config.providers.timeoutMs }),
    }),
  ],
  // REFRESH_INTERVAL_MINUTES=0 turns it off: only a person starts Update Views then.
  schedules: ({ db, config }) =>
    config.refreshIntervalMs > 0
      ? [
          {
            name: 'refresh active competitions',
            everyMs: config.refreshIntervalMs,
            run: () => refreshActiveCompetitions(db),
          },
        ]
      : [],
});
