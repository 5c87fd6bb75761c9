import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { dialogs } from '../../../lib/dialogs.ts';
import { notifications } from '@mantine/notifications';
import { type Finish, finish as finishApi } from '@preffy/api';
import { paymentRecordAmount } from '@preffy/domain';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, notifyError } from '../../../lib/api/client.ts';
import { useCompetition } from '../../../lib/api/competition.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { formatUsd } from '../../../lib/format.ts';
import { translateServerMessage } from '../../../lib/i18n/index.ts';
import { candidatesQuery, useSubmitWinners } from '../api/finish.ts';
import { useWinnerDraft } from '../use-winner-draft.ts';
import {
  type Block,
  type SlotState,
  blockOf,
  blocksOf,
  duplicateSlots,
  slotNames,
  slotStatesOf,
  UNFILLED_NAMED,
  unfilledPrizes,
  winnersOf,
} from '../winner-slots.ts';
import { EarlyFinishConfirmBody, useEarlyFinishReasons } from './EarlyFinishWarning.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { SlotRow } from './SlotRow.tsx';

/**
 * Step 1, Notify Winners: a winner per prize slot (by hand or Suggest winners), saved as a
 * draft; Submit is blocked while two slots hold the same creator and platform or a winner is
 * banned (checked here as the server checks it again), then creates the payments and queues
 * the winner notices once, after a confirmation.
 */
export function WinnersStep({
  finish,
  onSubmitted,
}: {
  finish: Finish;
  onSubmitted: (done: { payments: number; emails: number }) => void;
}) {
  const { t } = useTranslation('finish');
  const id = finish.competitionId;
  const names = slotNames(finish.slots, (label, n, of) => t('slot.nth', { label, n, of }));
  const draft = useWinnerDraft(finish, {
    slotLabel: (i) => names[i] ?? '',
    conflictTitle: t('conflictTitle', { name: finish.competitionName }),
  });
  const { slots } = draft;
  // The payment records' amounts depend on the competition's take for genni winners.
  const competition = useCompetition(id);
  const takePct = competition.data?.competition.takePct ?? 1;
  // Submit waits for it: the total it confirms depends on the take.
  const competitionLoaded = competition.data !== undefined;
  const everyone = useQuery(candidatesQuery(id, ''));
  const noPosts = everyone.data?.length === 0;
  // What the server answered on the last Submit (it checks the rules again).
  const [serverBlocks, setServerBlocks] = useState<string[]>([]);

  const blocks = blocksOf(slots);
  const duplicates = duplicateSlots(slots);
  const chosen = slots.flatMap((slot, i) =>
    slot.winner ? [{ ...slot.winner, amount: finish.slots[i]!.amount }] : [],
  );
  // The prizes Submit leaves unpaid, said by name and amount before it.
  const unfilled = unfilledPrizes(
    slots,
    finish.slots.map((slot, i) => ({ name: names[i]!, amount: slot.amount })),
  );
  const unfilledText =
    unfilled.length === 0
      ? null
      : t('unfilled', {
          count: unfilled.length,
          list:
            unfilled
              .slice(0, UNFILLED_NAMED)
              .map((prize) => `${prize.name} (${formatUsd(prize.amount)})`)
              .join(', ') +
            (unfilled.length > UNFILLED_NAMED
              ? ` ${t('complete.more', { count: unfilled.length - UNFILLED_NAMED })}`
              : ''),
        });
  const cents = chosen.reduce(
    (sum, w) => sum + Math.round(paymentRecordAmount(w.amount, w.source, takePct) * 100),
    0,
  );
  const total = cents / 100;

  const change = (index: number, next: SlotState) => {
    setServerBlocks([]);
    draft.setSlots(slots.map((slot, i) => (i === index ? next : slot)));
  };

  const suggest = useMutation({
    mutationFn: () => call(finishApi.suggest, { params: { competitionId: id } }),
    onSuccess: ({ slots: suggested }) => {
      // Saved with the version this screen has: a change by someone else meanwhile is a 409 and
      // the conflict dialog, never overwritten unseen.
      setServerBlocks([]);
      draft.setSlots(slotStatesOf(suggested));
      const filled = suggested.filter((slot) => slot.winner).length;
      const empty = suggested.length - filled;
      notifications.show({
        color: empty ? 'yellow' : 'green',
        message: empty
          ? t('suggestedSome', { count: empty, filled, total: suggested.length })
          : t('suggestedAll', { count: suggested.length }),
      });
    },
  });
  const askSuggest = () =>
    chosen.length === 0
      ? suggest.mutate()
      : dialogs.openConfirmModal({
          title: t('confirm.suggestTitle'),
          children: <Text>{t('confirm.suggestBody', { count: chosen.length })}</Text>,
          labels: { confirm: t('suggest'), cancel: t('cancel', { ns: 'common' }) },
          confirmProps: { 'data-testid': 'confirm-suggest' },
          onConfirm: () => suggest.mutate(),
        });

  const earlyReasons = useEarlyFinishReasons(finish.readiness);
  const submitKey = useSubmissionKey();
  const submit = useSubmitWinners(id);
  const runSubmit = async () => {
    const body = { version: draft.version, winners: winnersOf(slots), finishEarly: earlyReasons.length > 0 };
    // The same winners at the same version are the same submission: a retry reuses the key.
    const idempotencyKey = submitKey.keyFor({ id, ...body });
    let answer;
    try {
      // Awaited rather than callbacks: the answer moves the wizard on and this step goes away.
      answer = await submit.mutateAsync({ ...body, idempotencyKey });
    } catch (error) {
      const listed = error instanceof ApiError ? error.body.fieldErrors?.winners : undefined;
      if (listed?.length) return setServerBlocks(listed);
      // Someone else saved the winners meanwhile: the draft is saved with this screen's version,
      // which meets theirs and opens the conflict dialog (keep mine, or take theirs).
      if (error instanceof ApiError && error.body.code === 'VERSION_CONFLICT') return draft.saveNow();
      return notifyError(error);
    }
    submitKey.succeeded();
    onSubmitted({ payments: answer.payments, emails: answer.emails });
  };
  const askSubmit = () =>
    dialogs.openConfirmModal({
      title: t('confirm.submitTitle'),
      children: (
        <EarlyFinishConfirmBody
          reasons={earlyReasons}
          question={t('confirm.submitBody', { count: chosen.length, total: formatUsd(total) })}
          note={unfilledText}
        />
      ),
      labels: {
        confirm: earlyReasons.length ? t('early.submit') : t('submit'),
        cancel: t('cancel', { ns: 'common' }),
      },
      confirmProps: { 'data-testid': 'confirm-submit' },
      onConfirm: () => void runSubmit(),
    });

  const blockText = (block: Block) =>
    block.kind === 'duplicates'
      ? t('blocked.duplicates', { list: block.list })
      : t('blocked.banned', { emails: block.emails });
  const serverTexts = serverBlocks.map((message) => {
    const block = blockOf(message);
    return block ? blockText(block) : translateServerMessage(message);
  });
  const shownBlocks = [...new Set([...blocks.map(blockText), ...serverTexts])];
  const blocked = shownBlocks.length > 0;

  if (finish.slots.length === 0)
    return (
      <Alert color="yellow" data-testid="no-slots">
        {t('empty.noSlots')}
      </Alert>
    );

  return (
    <Stack>
      {noPosts && (
        <Alert color="yellow" data-testid="no-posts">
          {t('empty.noPosts')}
        </Alert>
      )}
      <Group justify="space-between">
        {draft.failed ? (
          <Group gap="xs" data-testid="draft-state">
            <Text size="sm" c="red" role="alert">
              {t('draft.failed')}
            </Text>
            <Button size="compact-sm" variant="light" color="red" onClick={draft.saveNow}>
              {t('draft.retry')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="draft-state">
            {draft.saving ? t('draft.saving') : draft.version > 0 ? t('draft.saved') : t('draft.notSaved')}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} />}
          onClick={askSuggest}
          loading={suggest.isPending}
          disabled={noPosts}
        >
          {t('suggest')}
        </Button>
      </Group>
      <Stack gap="xs" data-testid="slots">
        {slots.map((slot, i) => (
          <SlotRow
            key={finish.slots[i]!.index}
            competitionId={id}
            slots={slots}
            index={i}
            name={names[i]!}
            amount={finish.slots[i]!.amount}
            invalid={duplicates.has(i) || (slot.banned && slot.winner !== null)}
            onChange={(next) => change(i, next)}
          />
        ))}
      </Stack>
      {/* Kept in view under a long list of slots (a template can have a hundred). */}
      <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }} shadow="sm">
        <Stack gap="xs">
          {shownBlocks.map((text) => (
            <Alert key={text} color="red" role="alert" data-testid="winners-blocked" py={6}>
              {text}
            </Alert>
          ))}
          {unfilledText && chosen.length > 0 && (
            <Alert color="yellow" data-testid="winners-unfilled" py={6}>
              {unfilledText}
            </Alert>
          )}
          <Group justify="space-between">
            <Text fw={500} data-testid="winners-total">
              {t('total', { count: chosen.length, total: formatUsd(total) })}
            </Text>
            <Button
              onClick={askSubmit}
              loading={submit.isPending}
              disabled={
                blocked ||
                chosen.length === 0 ||
                draft.saving ||
                draft.conflictDialog !== null ||
                !competitionLoaded
              }
            >
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {draft.conflictDialog}
      {draft.unsaved && <LeaveGuard />}
    </Stack>
  );
}
