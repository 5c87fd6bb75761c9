import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { type CompetitionListItem, hasPayouts } from '@preffy/api';
import { roleMeets } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session.ts';
import { useCompetitionPayouts } from '../api/competitions.ts';

export type DeleteTarget = Pick<CompetitionListItem, 'id' | 'version'> & { label: string };

/**
 * Delete, asked with what it would hide (decision 0124): a competition whose winners were paid
 * names its payments, submitted winners and PayPal batches, and only an administrator may go on
 * (the request then confirms them); any other asks as every delete does.
 */
export function DeleteCompetitionDialog({
  target,
  onDelete,
  onClose,
}: {
  target: DeleteTarget | null;
  onDelete: (target: DeleteTarget, confirmPayouts: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('competitions');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target && t('deleteTitle', { name: target.label })}
    >
      {target && <DeleteQuestion target={target} onDelete={onDelete} onClose={onClose} />}
    </Modal>
  );
}

function DeleteQuestion({
  target,
  onDelete,
  onClose,
}: {
  target: DeleteTarget;
  onDelete: (target: DeleteTarget, confirmPayouts: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('competitions');
  const isAdmin = roleMeets(useMe().role, 'admin');
  const payouts = useCompetitionPayouts(target.id);
  if (payouts.isPending) return <Loader size="sm" aria-label={t('deletion.checking')} />;
  const held = payouts.data?.payouts;
  const isPaid = held !== undefined && hasPayouts(held);
  const mayDelete = !payouts.isError && (!isPaid || isAdmin);
  return (
    <Stack>
      {isPaid ? (
        <>
          <Text>{t('deletion.paidLead')}</Text>
          <List data-testid="delete-payouts">
            {held.payments > 0 && <List.Item>{t('deletion.payments', { count: held.payments })}</List.Item>}
            {held.submittedWinners && <List.Item>{t('deletion.submittedWinners')}</List.Item>}
            {held.paypalBatches > 0 && (
              <List.Item>{t('deletion.paypalBatches', { count: held.paypalBatches })}</List.Item>
            )}
          </List>
          <Text>{isAdmin ? t('deletion.paidHidden') : t('deletion.adminOnly')}</Text>
        </>
      ) : (
        !payouts.isError && <Text>{t('areYouSure')}</Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        {mayDelete && (
          <Button
            color="red"
            data-testid="confirm-delete"
            onClick={() => {
              onDelete(target, isPaid);
              onClose();
            }}
          >
            {isPaid ? t('deletion.confirmPaid') : t('delete')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
