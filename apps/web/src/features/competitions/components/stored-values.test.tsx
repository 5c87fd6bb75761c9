import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../lib/session.ts';
import { EditCompetitionPage } from './EditCompetitionPage.tsx';
import { toUpdateInput, valuesOf } from '../competition-form-values.ts';
import { competitionTime } from '../dates.ts';
import { UNFORMATTABLE, dayOf, formatDay, formatUsd } from '../../../lib/format.ts';
import type { Competition } from '@preffy/api';
import { testAccount } from '../../../test/account.ts';
import { accessibleDescription } from '../../../test/accessible-description.ts';
import { testCompetition } from '../../../test/competition.ts';

/** The row the attack stored before the bounds: dates no Date can hold, money that is not a number. */
const DAY = 24 * 60 * 60 * 1000;
const BAD = { startDate: 0, endDate: 8640000000000001, lastUpdated: 1e308 };

const competition: Competition = { ...testCompetition, name: 'Broken Dates', ...BAD };

// Label queries: role queries walk the whole (large) form and are slow in jsdom.
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const checkbox = input;

function renderEditPage(role: User['role'], businessTimeZone = 'UTC', stored: Competition = competition) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  // The session carries the business time zone the form counts days in.
  client.setQueryData(['me'], {
    user: { id: 'u1', email: 'organizer@label.test', role } as User,
    businessTimeZone,
    account: testAccount,
  });
  client.setQueryData(['competition', 'c1'], { competition: stored });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <EditCompetitionPage id="c1" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('stored values the app cannot format (issue #11 item 4)', () => {
  it('shows a placeholder for the list instead of throwing', () => {
    expect(formatDay(BAD.endDate, 'UTC')).toBe(UNFORMATTABLE);
    expect(formatDay(BAD.lastUpdated, 'Europe/Berlin')).toBe(UNFORMATTABLE);
    expect(formatDay(Number.NaN, 'UTC')).toBe(UNFORMATTABLE);
    expect(formatDay(BAD.startDate, 'UTC')).toBe('1970-01-01');
    expect(dayOf(BAD.endDate, 'UTC')).toBeNull();
    expect(formatUsd(Number.NaN)).toBe(UNFORMATTABLE);
    expect(formatUsd(Infinity)).toBe(UNFORMATTABLE);
    expect(formatUsd(4200)).toBe('$4,200');
    expect(formatUsd(480.5)).toBe('$480.50');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
  });

  it('renders the edit form over such a row instead of the error page', () => {
    renderEditPage('admin');
    expect(screen.getByText(/Broken Dates/, { selector: 'h1' })).toBeTruthy();
    expect(input(/Song Title/).value).toBe('Broken Dates');
  });

  it('shows organizers the money fields and flags read-only, staff editable', () => {
    const { unmount } = renderEditPage('organizer');
    expect(input(/Invoice Amount/).readOnly).toBe(true);
    expect(input(/Take/).readOnly).toBe(true);
    for (const name of [/Is Direct/, /Is 555/, /Is Closed/]) expect(checkbox(name).disabled).toBe(true);
    expect(input(/Song Title/).readOnly).toBe(false);
    unmount();
    renderEditPage('staff');
    expect(input(/Invoice Amount/).readOnly).toBe(false);
    expect(checkbox(/Is Direct/).disabled).toBe(false);
  });
});

describe('competition days in the business time zone of the session', () => {
  // 15:00 on 1 May in Honolulu (UTC-10) is 01:00 UTC on 2 May: the zone decides the day.
  const ZONE = 'Pacific/Honolulu';
  const start = Date.UTC(2026, 4, 2, 1);
  const zoned: Competition = {
    ...competition,
    name: 'Island Time',
    startDate: start,
    endDate: start + 7 * DAY,
  };

  it('builds and reads days in that zone, not in UTC', () => {
    const values = valuesOf(zoned, ZONE);
    expect(values.startDay).toBe('2026-05-01');
    expect(valuesOf(zoned, 'UTC').startDay).toBe('2026-05-02');
    expect(toUpdateInput(values, ZONE).startDate).toBe(start);
    expect(competitionTime('2026-05-08', ZONE)).toBe(start + 7 * DAY);
  });

  it('shows the session zone on the edit form', () => {
    renderEditPage('staff', ZONE, zoned);
    expect(screen.getByText(/Island Time/, { selector: 'h1' })).toBeTruthy();
    expect(screen.getAllByText(new RegExp(ZONE)).length).toBeGreaterThan(0);
  });
});

describe('the prize budget on Update A Competition', () => {
  it('is 66.7% of the invoice, not the pool rule of Start (doc 2 §9)', () => {
    // Start would give 1500 - 500 = $1,000.
    renderEditPage('staff', 'UTC', { ...competition, startDate: 0, endDate: 7 * DAY, invoiceAmount: 1500 });
    expect(screen.getByTestId('prize-budget').textContent).toBe('Budget from the invoice: $1,000.50');
  });
});

describe('the song link field', () => {
  it('says it wants a public SoundCloud or audio-file link', () => {
    renderEditPage('staff');
    expect(accessibleDescription(screen.getByLabelText(/Link To Song/))).toBe(
      'A public SoundCloud link or a link to an audio file',
    );
  });
});
