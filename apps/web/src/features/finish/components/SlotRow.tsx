import { ActionIcon, Badge, Group, Paper, Text } from '@mantine/core';
import type { WinnerCandidate } from '@preffy/api';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/format.ts';
import { type SlotState, suggestReasonOf } from '../winner-slots.ts';
import { WinnerSelect } from './WinnerSelect.tsx';

/**
 * One prize slot: its name and amount, the winner selector and a clear button on one line
 * (wrapped under the name on phones), and why Suggest winners chose the winner.
 */
export function SlotRow({
  competitionId,
  slots,
  index,
  name,
  amount,
  invalid,
  onChange,
}: {
  competitionId: string;
  slots: readonly SlotState[];
  index: number;
  name: string;
  amount: number;
  /** Marked red: a duplicate creator and platform, or a banned winner. */
  invalid: boolean;
  onChange: (next: SlotState) => void;
}) {
  const { t } = useTranslation('finish');
  const slot = slots[index]!;
  const clear = { winner: null, reason: null, banned: false };
  const reasonText = (reason: string) => {
    const known = suggestReasonOf(reason);
    if (!known) return reason;
    if (known.kind === 'rank')
      return t(`slot.reasons.${known.metric}`, { rank: known.rank, value: Number(known.value) });
    if (known.kind === 'creative')
      return t('slot.reasons.creative', { score: known.score, threshold: known.threshold });
    return t('slot.reasons.firstCome');
  };
  return (
    <Paper withBorder px="sm" py="xs" data-testid={`slot-${index}`}>
      <Group gap="xs" align="center">
        <Group w={{ base: '100%', sm: 280 }} justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={500} size="sm">
            {name}
          </Text>
          <Group gap={6} wrap="nowrap">
            {slot.winner && slot.banned && (
              <Badge color="red" variant="light" size="sm">
                {t('slot.banned')}
              </Badge>
            )}
            <Text fw={500} size="sm">
              {formatUsd(amount)}
            </Text>
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <WinnerSelect
              competitionId={competitionId}
              slots={slots}
              index={index}
              label={t('slot.selectLabel', { slot: name })}
              invalid={invalid}
              onChange={(winner: WinnerCandidate | null) =>
                onChange(winner ? { winner, reason: null, banned: winner.isBanned } : clear)
              }
            />
          </div>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('slot.clear', { slot: name })}
            disabled={!slot.winner}
            onClick={() => onChange(clear)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {slot.winner && slot.reason && (
        <Text size="xs" c="dimmed" mt={4} data-testid="slot-reason">
          {t('slot.reason', { reason: reasonText(slot.reason) })}
        </Text>
      )}
    </Paper>
  );
}
