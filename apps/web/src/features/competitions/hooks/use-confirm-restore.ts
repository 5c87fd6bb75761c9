import { notifications } from '@mantine/notifications';
import type { Competition, CompetitionListItem } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { confirmChange } from '../../../components/confirm-destructive.tsx';
import { useCompetitionLabel } from '../../../lib/competition-label.ts';
import { useRestoreCompetition } from '../api/competitions.ts';

/**
 * Restore, asked first (decision 0124): the list's row menu and the edit page's banner both
 * ask this way. `onRestored` gets the competition as it now stands.
 */
export function useConfirmRestore(onRestored?: (competition: Competition) => void) {
  const { t } = useTranslation('competitions');
  const label = useCompetitionLabel();
  const restore = useRestoreCompetition(() =>
    notifications.show({ color: 'green', message: t('restore.done') }),
  );
  const ask = (c: CompetitionListItem) =>
    confirmChange({
      title: t('restore.title', { name: label(c) }),
      body: t('restore.body'),
      confirm: t('restore.action'),
      onConfirm: () => restore.mutate(c, { onSuccess: (answer) => onRestored?.(answer.competition) }),
      testId: 'confirm-restore',
    });
  return { ask, isPending: restore.isPending };
}
