import { Button, NativeSelect, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { WINNER_FLAGS, type Winner, type WinnerFlag, winners } from '@preffy/api';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { type Column, type MenuItem, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { usdColumn } from '../../../components/table/number-columns.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { type FormLike, useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { type FlagChange, updateWinnerFlag, useDeleteWinner, winnersKeys } from '../api/winners.ts';
import { AddWinnerModal } from './AddWinnerModal.tsx';

/** The spec's page sizes for the winners table (doc 1 section 9): 10, 25 or 100. */
const PAGE_SIZES = [10, 25, 100];

type FlagValues = Record<WinnerFlag, string>;

/**
 * The winners directory (/preffy/winners): Email, PayPal, Balance, the three flags (each a
 * True/False select saved with the row's version) and Delete; Create Winner opens Add A Winner.
 */
export function WinnersPage() {
  const { t } = useTranslation('winners');
  const queryClient = useQueryClient();
  const table = useServerTable({
    key: winnersKeys.lists,
    endpoint: winners.list,
    sortBy: 'email',
    pageSizes: PAGE_SIZES,
  });
  const [addOpen, add] = useDisclosure(false);
  // Three selects and Delete are wider than a phone: there, a pinned row menu offers them too.
  const isPhone = useIsPhone();
  const refresh = () => queryClient.invalidateQueries({ queryKey: winnersKeys.lists });

  const trueOrFalse = (on: boolean) => (on ? t('true') : t('false'));
  const flagValuesOf = (winner: Pick<Winner, WinnerFlag>): FlagValues => ({
    isBanned: trueOrFalse(winner.isBanned),
    isVetted: trueOrFalse(winner.isVetted),
    isUnsubscribed: trueOrFalse(winner.isUnsubscribed),
  });

  // The change being saved: what the row showed (read) and what was picked (mine).
  const [change, setChange] = useState<FlagChange | null>(null);
  const read = change ? flagValuesOf(change.winner) : flagValuesOf(NO_FLAGS);
  const mine = change ? flagValuesOf({ ...change.winner, [change.flag]: change.value }) : read;
  const flagForm: FormLike<FlagValues> = {
    getValues: () => mine,
    // A field message about a flag (never expected from this screen) still reaches the user.
    setErrors: (errors) => {
      const message = Object.values(errors).find(Boolean);
      if (message) notifications.show({ color: 'red', message });
    },
  };
  const saveFlag = useFormMutation<FlagValues, FlagChange, unknown, Winner>({
    form: flagForm,
    mutationFn: async (next: FlagChange) => {
      try {
        return await updateWinnerFlag(next);
      } catch (error) {
        // Stale: the row is read again, so it shows their values beside the dialog.
        if (error instanceof ApiError && error.body.code === 'VERSION_CONFLICT') void refresh();
        throw error;
      }
    },
    onSuccess: async (_answer, saved) => {
      setChange(null);
      notifications.show({
        color: 'green',
        message: t('flagSaved', { email: saved.winner.email, flag: t(`columns.${saved.flag}`) }),
      });
      await refresh();
    },
    onOther: (message) => {
      setChange(null);
      notifications.show({ color: 'red', message });
      void refresh();
    },
    conflict: {
      title: t('conflictTitle', { email: change?.winner.email ?? '' }),
      valuesOf: flagValuesOf,
      read,
      label: (flag) => t(`columns.${flag}`),
      onReload: () => {
        setChange(null);
        void refresh();
      },
      overwrite: (current) => ({ ...change!, winner: current }),
    },
  });
  const toggle = (winner: Winner, flag: WinnerFlag, value: boolean) => {
    if (winner[flag] === value) return;
    const next = { winner, flag, value };
    setChange(next);
    void saveFlag.submit(next);
  };

  const remove = useDeleteWinner();
  const confirmDelete = (winner: Winner) =>
    confirmDestructive({
      title: t('deleteTitle', { email: winner.email }),
      body: t('deleteConfirm'),
      confirm: t('delete'),
      testId: 'confirm-delete-winner',
      onConfirm: () =>
        remove.mutate(winner, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('deleted', { email: winner.email }) }),
        }),
    });

  const flagColumn = (flag: WinnerFlag): Column<Winner> => ({
    key: flag,
    title: t(`columns.${flag}`),
    sortKey: flag,
    csv: (w) => trueOrFalse(w[flag]),
    pinned: !isPhone,
    cell: (winner) => {
      const saving = saveFlag.isPending && change?.winner.id === winner.id && change.flag === flag;
      return (
        <NativeSelect
          aria-label={`${t(`columns.${flag}`)}: ${winner.email}`}
          size="xs"
          w={96}
          disabled={saving}
          value={saving ? String(change.value) : String(winner[flag])}
          data={[
            { value: 'true', label: t('true') },
            { value: 'false', label: t('false') },
          ]}
          onChange={(event) => toggle(winner, flag, event.currentTarget.value === 'true')}
        />
      );
    },
  });

  const columns: Column<Winner>[] = [
    { key: 'email', title: t('columns.email'), sortKey: 'email' },
    {
      key: 'paypal',
      title: t('columns.paypal'),
      sortKey: 'paypal',
      csv: (w) => w.paypal ?? '',
      cell: (w) => w.paypal ?? '—',
    },
    usdColumn('balance', t('columns.balance')),
    ...WINNER_FLAGS.map(flagColumn),
    {
      key: 'delete',
      title: t('columns.delete'),
      csv: false,
      pinned: !isPhone,
      cell: (winner) => (
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          aria-label={t('deleteWinner', { email: winner.email })}
          onClick={() => confirmDelete(winner)}
        >
          {t('delete')}
        </Button>
      ),
    },
  ];

  const phoneMenu = (winner: Winner): MenuItem[] => [
    ...WINNER_FLAGS.map((flag) => ({
      label: t('setFlag', { flag: t(`columns.${flag}`), value: trueOrFalse(!winner[flag]) }),
      onClick: () => toggle(winner, flag, !winner[flag]),
    })),
    { label: t('delete'), color: 'red', onClick: () => confirmDelete(winner) },
  ];

  return (
    <Stack>
      <PageHeader title={t('title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={add.open}>
          {t('create')}
        </Button>
      </PageHeader>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 320 }}
        csv={{ filename: 'winners.csv' }}
        emptyText={t('empty')}
        noMatchText={(search) => t('noMatch', { search })}
        rowMenu={isPhone ? { items: phoneMenu, label: (w) => w.email } : undefined}
      />
      <AddWinnerModal opened={addOpen} onClose={add.close} />
      {saveFlag.conflictDialog}
    </Stack>
  );
}

const NO_FLAGS = { isBanned: false, isVetted: false, isUnsubscribed: false };
