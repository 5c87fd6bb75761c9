import { Button, Text } from '@mantine/core';
import type { Competition } from '@preffy/api';
import { roleMeets } from '@preffy/domain';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session.ts';
import { useConfirmHold } from '../api/competitions.ts';

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
  // The list's own Confirm: the same call, and the competition lists refetch after it.
  const confirm = useConfirmHold(() => {});
  const confirmNow = () =>
    confirm.mutate(competition, { onSuccess: ({ competition: confirmed }) => onConfirmed(confirmed) });
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
        <Button size="compact-sm" variant="light" loading={confirm.isPending} onClick={confirmNow}>
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
