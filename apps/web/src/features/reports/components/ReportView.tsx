import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { PublicReport, Report } from '@preffy/api';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format.ts';
import { platformName } from '../../../lib/labels.ts';
import { ReportMoney } from './ReportMoney.tsx';
import { ReportResults } from './ReportResults.tsx';
import { ReportSplits } from './ReportSplits.tsx';
import { ReportTotals } from './ReportTotals.tsx';
import { TopPosts } from './TopPosts.tsx';
import { ViewsOverTime } from './ViewsOverTime.tsx';

/** A file of the report, saved by the browser rather than opened. */
function DownloadButton({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button component="a" href={href} download variant="default" leftSection={icon}>
      {children}
    </Button>
  );
}

/**
 * A competition report as it reads, for the signed-in page and the shared link alike: nothing
 * here fetches or decides who may see what. The money section shows only when the report
 * carries it (the server sends it to staff and admins, never on a shared link).
 */
export function ReportView({
  report,
  timeZone,
  downloads,
  actions,
  notice,
}: {
  report: PublicReport & { money?: Report['money'] };
  /** The zone the competition's days are counted in. */
  timeZone: string;
  /** The addresses of the CSV and PDF files. */
  downloads: { csv: string; pdf: string };
  /** More buttons beside the downloads (Share with the artist). */
  actions?: ReactNode;
  /** A line under the header (the shared link's expiry). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const { competition } = report;
  return (
    <Stack gap="lg" data-testid="report">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group wrap="nowrap" align="center" gap="md" miw={0}>
          {competition.image && (
            <Image
              src={competition.image}
              alt={t('albumArt', { name: competition.name })}
              w={88}
              h={88}
              radius="md"
              fit="cover"
            />
          )}
          <Stack gap={2} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {competition.name}
            </Title>
            <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
              {competition.organizer}
            </Text>
            <Text size="sm" c="dimmed" data-testid="report-dates">
              {t('dates', {
                start: formatDay(competition.startDate, timeZone),
                end: formatDay(competition.endDate, timeZone),
              })}
            </Text>
            {competition.platforms.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="report-platforms">
                {competition.platforms.map(platformName).join(' · ')}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs">
          <DownloadButton href={downloads.csv} icon={<IconFileTypeCsv size={16} />}>
            {t('download.csv')}
          </DownloadButton>
          <DownloadButton href={downloads.pdf} icon={<IconFileTypePdf size={16} />}>
            {t('download.pdf')}
          </DownloadButton>
          {actions}
        </Group>
      </Group>
      {notice}
      <ReportTotals totals={report.totals} />
      <ViewsOverTime viewsOverTime={report.viewsOverTime} />
      <TopPosts posts={report.topPosts} />
      <ReportSplits byPlatform={report.byPlatform} byCountry={report.byCountry} />
      <ReportResults
        leaderboard={report.leaderboard}
        winners={report.winners}
        prizeTotal={report.prizeTotal}
      />
      {report.money && <ReportMoney money={report.money} />}
      <Text size="xs" c="dimmed" data-testid="report-generated">
        {t('generatedAt', { day: formatDay(report.generatedAt, timeZone) })}
      </Text>
    </Stack>
  );
}
