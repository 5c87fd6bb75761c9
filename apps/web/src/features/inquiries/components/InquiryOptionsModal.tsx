import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { InquiryOption } from '@preffy/api';
import {
  INQUIRY_OPTION_KINDS,
  INQUIRY_OPTION_LIMITS,
  type InquiryOptionKind,
  inquiryOptionLabelSchema,
} from '@preffy/domain';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { ApiError, describeError } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { translateServerMessage } from '../../../lib/i18n/index.ts';
import {
  inquiryOptionsQuery,
  useCreateInquiryOption,
  useRemoveInquiryOption,
  useUpdateInquiryOption,
} from '../api/inquiry-options.ts';

/** The label's own rule, checked before sending; the message as the server would say it. */
function labelProblem(text: string): string | null {
  const result = inquiryOptionLabelSchema.safeParse(text);
  return result.success ? null : translateServerMessage(result.error.issues[0]?.message ?? '');
}

/** What a refused edit says at its field: the field's message, else the error's text. */
function problemOf(error: unknown, conflictText: string): string {
  if (error instanceof ApiError && error.status === 409) return conflictText;
  if (error instanceof ApiError) {
    const messages = Object.values(error.fieldErrors());
    if (messages[0]) return messages[0];
  }
  return describeError(error).message;
}

/**
 * 'Edit lists' on the inbox: the contact form's Source, Inquiry Type and Platforms lists, one
 * section each. Add (Enter works), rename in place (Enter saves, Escape undoes), move up and down,
 * remove (confirmed). Every refusal shows at the field it concerns. Staff and admins only.
 */
export function InquiryOptionsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('inquiryOptions');
  const list = useQuery(inquiryOptionsQuery());
  return (
    <ResponsiveModal opened onClose={onClose} size="lg" title={t('title')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {list.data ? (
          INQUIRY_OPTION_KINDS.map((kind) => (
            <OptionList key={kind} kind={kind} options={list.data.items.filter((o) => o.kind === kind)} />
          ))
        ) : list.isError ? (
          <Alert color="red" role="alert">
            <Text size="sm" mb="xs">
              {t('loadFailed')}
            </Text>
            <Button size="xs" variant="light" loading={list.isFetching} onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('loading')}</Text>
          </Group>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('done')}</Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}

/** One list: its options in order, and a field that adds one at the end. */
function OptionList({ kind, options }: { kind: InquiryOptionKind; options: InquiryOption[] }) {
  const { t } = useTranslation('inquiryOptions');
  const headingId = `inquiry-options-${kind}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid={`inquiry-options-${kind}`}>
      <Title order={3} size="h4" id={headingId}>
        {t(`kinds.${kind}.title`)}
      </Title>
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`kinds.${kind}.empty`)}
        </Text>
      ) : (
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {options.map((option, index) => (
            <OptionRow
              key={option.id}
              option={option}
              isFirst={index === 0}
              isLast={index === options.length - 1}
              index={index}
            />
          ))}
        </Stack>
      )}
      <AddOption kind={kind} isFull={options.length >= INQUIRY_OPTION_LIMITS.perKind} />
    </Stack>
  );
}

function AddOption({ kind, isFull }: { kind: InquiryOptionKind; isFull: boolean }) {
  const { t } = useTranslation('inquiryOptions');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const create = useCreateInquiryOption();
  const add = (event: FormEvent) => {
    event.preventDefault();
    const local = labelProblem(text);
    if (local) return setProblem(local);
    const body = { kind, label: text.trim() };
    create.mutate(
      { body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: () => {
          submission.succeeded();
          setText('');
          setProblem(null);
        },
        onError: (error) => setProblem(problemOf(error, t('conflict'))),
      },
    );
  };
  return (
    <form onSubmit={add} noValidate>
      <TextInput
        label={t(`kinds.${kind}.add`)}
        description={isFull ? t('full') : t('addHint')}
        value={text}
        disabled={isFull}
        maxLength={INQUIRY_OPTION_LIMITS.label + 20}
        error={problem}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setProblem(null);
        }}
        // The button sits beside the input itself, below its label and description.
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            <Button type="submit" loading={create.isPending} disabled={isFull}>
              {t('add')}
            </Button>
          </Group>
        )}
      />
    </form>
  );
}

/** An option: its label, editable in place, and its move and remove buttons. */
function OptionRow({
  option,
  index,
  isFirst,
  isLast,
}: {
  option: InquiryOption;
  index: number;
  isFirst: boolean;
  isLast: boolean;
}) {
  const { t } = useTranslation('inquiryOptions');
  // The text being typed, and the label it started from: when the label changes on the server
  // (a save, or someone else), the field shows the new label rather than a stale draft.
  const [draft, setDraft] = useState<{ from: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateInquiryOption();
  const remove = useRemoveInquiryOption();
  const text = draft && draft.from === option.label ? draft.text : option.label;
  const isBusy = update.isPending || remove.isPending;
  const label = option.label;
  const fail = (error: unknown) => setProblem(problemOf(error, t('conflict')));

  const rename = () => {
    if (text.trim() === option.label) return setDraft(null);
    const local = labelProblem(text);
    if (local) return setProblem(local);
    update.mutate(
      { option, changes: { label: text.trim() } },
      {
        onSuccess: () => {
          setDraft(null);
          setProblem(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setDraft(null);
          fail(error);
        },
      },
    );
  };
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const move = (direction: 'up' | 'down') => {
    if (isBusy) return;
    setProblem(null);
    update.mutate(
      { option, changes: { position: direction === 'up' ? index - 1 : index + 1 } },
      {
        // The row is re-placed in the list, which takes focus from its button: give it back (to
        // the other arrow once this one is disabled at an end), so moving on with Enter works.
        onSuccess: () =>
          setTimeout(() => {
            const [pressed, other] = direction === 'up' ? [upButton, downButton] : [downButton, upButton];
            (pressed.current?.disabled ? other : pressed).current?.focus();
          }),
        onError: fail,
      },
    );
  };
  const askRemove = () =>
    confirmDestructive({
      title: t('remove.title', { label }),
      body: t('remove.body'),
      confirm: t('remove.confirm'),
      onConfirm: () => {
        setProblem(null);
        remove.mutate(option, { onError: fail });
      },
      testId: 'confirm-remove-option',
    });

  return (
    <Group component="li" gap={6} align="flex-start" wrap="nowrap" data-testid="inquiry-option">
      <TextInput
        style={{ flex: 1, minWidth: 0 }}
        aria-label={t('rename', { label })}
        title={t('renameHint')}
        value={text}
        error={problem}
        disabled={remove.isPending}
        maxLength={INQUIRY_OPTION_LIMITS.label + 20}
        onChange={(event) => {
          setDraft({ from: option.label, text: event.currentTarget.value });
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            rename();
          } else if (event.key === 'Escape' && draft) {
            // Undo the typing; Escape on an unchanged field still closes the dialog.
            event.stopPropagation();
            setDraft(null);
            setProblem(null);
          }
        }}
        onBlur={() => {
          // Leaving the field saves too, unless Enter already sent this very text.
          if (!update.isPending && text.trim() !== option.label) rename();
        }}
      />
      <Tooltip label={t('moveUp', { label })}>
        <ActionIcon
          variant="subtle"
          size="lg"
          mt={2}
          aria-label={t('moveUp', { label })}
          ref={upButton}
          // Not disabled while saving: a disabled button loses the keyboard focus.
          disabled={isFirst}
          onClick={() => move('up')}
        >
          <IconArrowUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('moveDown', { label })}>
        <ActionIcon
          variant="subtle"
          size="lg"
          mt={2}
          aria-label={t('moveDown', { label })}
          ref={downButton}
          disabled={isLast}
          onClick={() => move('down')}
        >
          <IconArrowDown size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('remove.button', { label })}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mt={2}
          aria-label={t('remove.button', { label })}
          disabled={isBusy}
          onClick={askRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
