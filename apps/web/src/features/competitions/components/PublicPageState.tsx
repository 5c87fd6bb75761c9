import { Button, Text } from '@mantine/core';
import { type Competition, competitions } from '@preffy/api';
import { roleMeets } from '@preffy/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client.ts';
import { useMe } from '../../../lib/session.ts';

/**
 * Under a just-started competition: whether creators can enter yet. A hold has no public page
 * until staff confirm it, and a new staff member who shared the link met a "not here" page
 * without knowing why; staff can confirm it on the spot.
 */
export function PublicPageState({
  competition,
  onConfirmed,
}: {
  competition: Competition;
  onConfirmed: (competition: Competition) => void;
}) {
  const { t } = useTranslation('competitions');
  const isStaff = roleMeets(useMe().role, 'staff');
  const confirm = useMutation({
    mutationFn: () =>
      call(competitions.confirm, { params: { id: competition.id }, body: { version: competition.version } }),
    onSuccess: ({ competition: confirmed }) => onConfirmed(confirmed),
  });
  if (competition.isConfirmed)
    return (
      <Text size="sm" mt="xs" data-testid="public-page-state">
        {t('publicPage.open')}{' '}
        <Link to="/c/$id" params={{ id: competition.id }}>
          {t('publicPage.link')}
        </Link>
      </Text>
    );
  return (
    <Text size="sm" mt="xs" data-testid="public-page-state">
      {t(isStaff ? 'publicPage.notConfirmedStaff' : 'publicPage.notConfirmed')}{' '}
      {isStaff && (
        <Button
          size="compact-sm"
          variant="light"
          loading={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {t('publicPage.confirm')}
        </Button>
      )}
      {confirm.isError && (
        <Text span c="red" size="sm">
          {' '}
          {confirm.error.message}
        </Text>
      )}
    </Text>
  );
}
