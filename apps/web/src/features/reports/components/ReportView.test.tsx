import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { ReportView } from './ReportView.tsx';
import { emptyReport, money, publicReport } from './report-fixture.ts';

const downloads = { csv: '/api/reports/c1/csv', pdf: '/api/reports/c1/pdf' };
const show = (report: Parameters<typeof ReportView>[0]['report']) =>
  render(
    <MantineProvider>
      <ReportView report={report} timeZone="UTC" downloads={downloads} />
    </MantineProvider>,
  );

describe('the report view', () => {
  it('shows the header, the totals in the language, the splits by name and the results', () => {
    show(publicReport);
    expect(screen.getByRole('heading', { level: 1, name: 'Summer Song' })).toBeTruthy();
    expect(screen.getByTestId('report-dates').textContent).toBe('2026-06-01 to 2026-06-15');
    expect(screen.getByTestId('total-views').textContent).toBe('Views1,234,567');
    expect(screen.getByTestId('total-posts').textContent).toBe('Posts12');
    expect(screen.getByTestId('report-platforms').textContent).toBe('TikTok · YouTube');
    expect(screen.getByTestId('report-views-step').textContent).toBe('Total views at the end of each day');

    const platforms = screen.getByTestId('report-by-platform');
    expect(within(platforms).getByText('TikTok')).toBeTruthy();
    expect(within(platforms).getByText('YouTube')).toBeTruthy();
    const countries = screen.getByTestId('report-by-country');
    expect(within(countries).getByText('United States')).toBeTruthy();
    expect(within(countries).getByText('Unknown')).toBeTruthy();

    const top = screen.getByTestId('report-top-post');
    expect(top.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.tiktok.com/player/v1/7301234567890123456',
    );
    expect(within(top).getByRole('link', { name: 'Open on TikTok' }).getAttribute('href')).toBe(
      publicReport.topPosts[0]!.link,
    );

    expect(within(screen.getByTestId('report-winners')).getByText('1st Place: $200')).toBeTruthy();
    expect(screen.getByTestId('report-prize-total').textContent).toBe('Prize total$350');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(downloads.pdf);
    expect(screen.getByRole('link', { name: 'Download CSV' }).hasAttribute('download')).toBe(true);
  });

  it('shows a dash for a winner whose legacy payment recorded no prize', () => {
    show({
      ...publicReport,
      winners: [{ creator: 'veteran', platform: 'tiktok', prizeLabel: null, prize: null }],
    });
    const row = within(screen.getByTestId('report-winners')).getByText('veteran').closest('tr')!;
    expect(row.lastElementChild!.textContent).toBe('—');
  });

  it('shows no money section without money, and the payments with their status when given', () => {
    show(publicReport);
    expect(screen.queryByTestId('report-money')).toBeNull();
    expect(screen.queryByText('pay@dancer.test')).toBeNull();
    show({ ...publicReport, money });
    const section = screen.getByTestId('report-money');
    expect(within(section).getByTestId('money-owed').textContent).toBe('Owed$150');
    const paid = within(section).getByText('pay@dancer.test').closest('tr')!;
    expect(paid.textContent).toContain('Sent To CSV');
    const owed = within(section).getByText('pay@singer.test').closest('tr')!;
    expect(owed.textContent).toContain('To Be Paid');
  });

  it('says when a long competition is shown by week', () => {
    show({ ...publicReport, viewsOverTime: { ...publicReport.viewsOverTime, step: 'week' } });
    expect(screen.getByTestId('report-views-step').textContent).toBe(
      'Total views at the end of each week (a long competition is shown by week)',
    );
  });

  it('says why each part is empty before anyone entered', () => {
    show(emptyReport);
    expect(screen.getByTestId('report-top-posts-empty').textContent).toBe(
      'No posts yet: the report fills in as creators enter.',
    );
    expect(screen.getByTestId('report-views-empty').textContent).toMatch(/^No views counted yet/);
    expect(screen.getByTestId('report-by-platform-empty')).toBeTruthy();
    expect(screen.getByTestId('report-by-country-empty')).toBeTruthy();
    expect(screen.getByTestId('report-leaderboard-empty')).toBeTruthy();
    expect(screen.getByTestId('report-winners-empty').textContent).toMatch(/^No winners yet/);
    // A line at 0 would say nobody watched: before any stats update the chart says why it is empty.
    cleanup();
    show({ ...publicReport, viewsOverTime: { step: 'day', points: [{ day: '2026-06-01', views: 0 }] } });
    expect(screen.getByTestId('report-views-empty')).toBeTruthy();
    expect(screen.getByTestId('total-views').textContent).toBe('Views1,234,567');
    cleanup();
    show(emptyReport);
    // The prize total is the competition's, known before any entry.
    expect(screen.getByTestId('report-prize-total').textContent).toBe('Prize total$350');
  });
});
