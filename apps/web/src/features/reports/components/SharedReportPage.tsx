import { Alert, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { publicReports, urlOf } from '@preffy/api';
import { IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { formatDay } from '../../../lib/format.ts';
import { sharedReportQuery } from '../api/reports.ts';
import { ReportView } from './ReportView.tsx';

/**
 * A report shared with the artist (/r/:token): read-only, no sign-in, no admin shell, nothing
 * private (the server sends the public report only). A link that expired or was revoked says so
 * in words meant for the artist, not the admin's not-found page.
 */
export function SharedReportPage({ token }: { token: string }) {
  const { t } = useTranslation('reports');
  const query = useQuery(sharedReportQuery(token));
  useDocumentTitle(query.data?.report.competition.name ?? '');
  if (query.isPending)
    return (
      <Center mih="60vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <LinkGone />;
    return (
      <Center mih="60vh" p="md" component="main">
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      </Center>
    );
  }
  const { report, expiresAt } = query.data;
  return (
    <Container size="xl" py="xl" component="main">
      <ReportView
        report={report}
        // No session to ask: the report says which business time zone its days are in.
        timeZone={report.timeZone}
        downloads={{
          csv: urlOf(publicReports.csv, { token }),
          pdf: urlOf(publicReports.pdf, { token }),
        }}
        notice={
          <Text size="sm" c="dimmed" data-testid="shared-expires">
            {t('shared.expiresOn', { day: formatDay(expiresAt, report.timeZone) })}
          </Text>
        }
      />
    </Container>
  );
}

/** An expired, revoked or mistyped link: what happened and what to do, with no way into the admin. */
function LinkGone() {
  const { t } = useTranslation('reports');
  return (
    <Center mih="60vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={520} data-testid="shared-gone">
        <IconLinkOff size={48} aria-hidden />
        <Title order={1} size="h2" ta="center">
          {t('shared.goneTitle')}
        </Title>
        <Text ta="center">{t('shared.gone')}</Text>
      </Stack>
    </Center>
  );
}
