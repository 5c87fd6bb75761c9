import { MantineProvider } from '@mantine/core';
import type { Job } from '@preffy/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../test/account.ts';
import { JobButton } from './JobButton.tsx';

const finished: Job = {
  id: 'j1',
  kind: 'refresh-views',
  competitionId: 'c1',
  status: 'done',
  total: 7,
  done: 0,
  failed: 7,
  running: 0,
  queued: 0,
  createdAt: 1,
  finishedAt: 2,
  error: null,
  failures: [
    { reason: 'not-found', count: 5 },
    { reason: 'rate-limited', count: 2 },
  ],
};

function renderButton(job: Job) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ job })));
  render(
    <MantineProvider>
      <QueryClientProvider client={signedInQueryClient()}>
        <JobButton competitionId="c1" kind="refresh-views" canStart onFinished={vi.fn()} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
afterEach(() => vi.unstubAllGlobals());

describe("Update Views' result", () => {
  it('says why the posts failed, counted by reason in words people understand', async () => {
    renderButton(finished);
    expect((await screen.findByTestId('job-refresh-views')).textContent).toBe(
      'Finished: 0 of 7 done, 7 failed',
    );
    expect(screen.getByTestId('job-refresh-views-failures').textContent).toBe(
      '7 failed: 5 video not found or private, 2 provider limit reached',
    );
  });

  it('says nothing more when nothing failed', async () => {
    renderButton({ ...finished, done: 7, failed: 0, failures: [] });
    expect((await screen.findByTestId('job-refresh-views')).textContent).toBe(
      'Finished: 7 of 7 done, 0 failed',
    );
    expect(screen.queryByTestId('job-refresh-views-failures')).toBeNull();
  });
});
