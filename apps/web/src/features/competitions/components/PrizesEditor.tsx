import { ActionIcon, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PRIZE_OPTION_EXAMPLES, parsePrizeLine, prizeTotal } from '@preffy/domain';
import { IconHelp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/format.ts';
import { FormError } from '../../../components/forms/FormError.tsx';

/** Prize lines ('Label: $amount'): add, remove, edit, with the live total and the help modal. */
export function PrizesEditor({
  value,
  onChange,
  error,
  budget,
}: {
  value: string[];
  onChange: (lines: string[]) => void;
  error?: string;
  /** The prize budget from the invoice (prizeBudget: Start's pool rule, Update's 66.7%), shown beside the total. */
  budget?: number;
}) {
  const { t } = useTranslation('competitions');
  const [helpOpen, help] = useDisclosure(false);
  const total = prizeTotal(value.filter((l) => l.trim() !== ''));
  const set = (index: number, line: string) => onChange(value.map((l, i) => (i === index ? line : l)));
  // Add and Remove move the focus to the line they concern: the new one, or the one before.
  const lines = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusLine = useRef<number | null>(null);
  useEffect(() => {
    if (focusLine.current === null) return;
    const inputs = lines.current?.querySelectorAll<HTMLInputElement>('input') ?? [];
    const input = inputs[Math.min(focusLine.current, inputs.length - 1)];
    focusLine.current = null;
    if (input) input.focus();
    else addButton.current?.focus();
  }, [value.length]);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm" id="prizes-label">
          {t('fields.prizes')}
        </Text>
        <Button variant="subtle" size="compact-sm" leftSection={<IconHelp size={16} />} onClick={help.open}>
          {t('prizeOptions')}
        </Button>
      </Group>
      <Stack gap="xs" ref={lines}>
        {value.map((line, index) => {
          const parsed = line.trim() ? parsePrizeLine(line) : null;
          return (
            <Group key={index} gap="xs" wrap="nowrap" align="start">
              <TextInput
                flex={1}
                aria-label={t('prizeLine', { n: index + 1 })}
                value={line}
                onChange={(e) => set(index, e.currentTarget.value)}
                error={parsed && !parsed.ok ? t('prizeLineInvalid') : undefined}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t('removePrize', { n: index + 1 })}
                onClick={() => {
                  onChange(value.filter((_, i) => i !== index));
                  focusLine.current = index - 1;
                }}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          ref={addButton}
          onClick={() => {
            onChange([...value, '']);
            focusLine.current = value.length;
          }}
        >
          {t('addPrize')}
        </Button>
        <Stack gap={0} align="end">
          <Text size="sm" data-testid="prize-total">
            {t('prizeTotal', { total: formatUsd(total.total) })}
          </Text>
          {budget !== undefined && (
            <Text size="sm" c={total.total > budget ? 'red' : undefined} data-testid="prize-budget">
              {total.total > budget
                ? t('overBudget', { budget: formatUsd(budget), over: formatUsd(total.total - budget) })
                : t('prizeBudget', { budget: formatUsd(budget) })}
            </Text>
          )}
        </Stack>
      </Group>
      <FormError inline>{error}</FormError>
      <Modal opened={helpOpen} onClose={help.close} title={t('prizeOptions')}>
        <List>
          {PRIZE_OPTION_EXAMPLES.map((example) => (
            <List.Item key={example}>{example}</List.Item>
          ))}
        </List>
      </Modal>
    </Stack>
  );
}
