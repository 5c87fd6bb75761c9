import {
  Alert,
  Anchor,
  Card,
  Container,
  Group,
  Image,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { abbreviateCount } from '@preffy/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { publicCompetitions } from '@preffy/api';
import { call } from '../../../lib/api/client.ts';
import { publicCompetitionQuery } from '../api/public.ts';
import { formatUsd } from '../../../lib/format.ts';
import { NotFoundPage } from '../../../app/shell/StatusPages.tsx';
import { EnterCompetitionForm } from './EnterCompetitionForm.tsx';

/** The public competition page (/c/:id): no sign-in, no admin layout, nothing private. */
export function PublicCompetitionPage() {
  const { t } = useTranslation('public');
  const { id } = useParams({ from: '/c/$id' });
  const { ref } = useSearch({ from: '/c/$id' });
  const query = useQuery(publicCompetitionQuery(id));
  useEffect(() => {
    // Counts the visit under its ref (?ref=fancy from the Fancy email, …); failures do not matter.
    if (ref) call(publicCompetitions.countVisit, { params: { id }, body: { ref } }).catch(() => {});
  }, [id, ref]);

  if (query.isError) return <NotFoundPage />;
  const c = query.data;
  if (!c) return <Loader m="xl" />;
  return (
    <Container size="md" py="xl" component="main">
      <Stack>
        <Group align="center" wrap="nowrap">
          {c.image && <Image src={c.image} alt={c.name} w={120} h={120} radius="md" fit="cover" />}
          <div>
            <Title order={1}>{c.name}</Title>
            <Text size="lg">
              {c.spotify ? (
                <Anchor href={c.spotify} target="_blank" rel="noopener noreferrer">
                  {c.organizer}
                </Anchor>
              ) : (
                c.organizer
              )}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {c.totalViews > 0 && (
            <StatCard label={t('totalViews')} value={abbreviateCount(c.totalViews)} testId="total-views" />
          )}
          <StatCard label={t('ugc')} value={String(c.ugcCount)} testId="ugc-count" />
          <StatCard label={t('prizeTotal')} value={formatUsd(c.prizeTotal)} testId="prize-total" />
        </SimpleGrid>
        {c.isOpen ? (
          <EnterCompetitionForm competitionId={c.id} refTag={ref} />
        ) : (
          <Alert color="gray" data-testid="closed">
            {c.hasStarted ? t('enter.closed') : t('enter.notStarted')}
          </Alert>
        )}
        {c.prizes.length > 0 && (
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t('prizes')}
            </Title>
            <List>
              {c.prizes.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder data-testid={testId}>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}
