import { Checkbox, Group, Modal, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { localDay, reserveDateSchema } from '@preffy/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { MoneyInput } from '../../../components/forms/MoneyInput.tsx';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import type { Competition } from '@preffy/api';
import { type ReserveInput, useReserveDate } from '../api/calendar.ts';
import { FormActions } from '../../../components/forms/FormActions.tsx';

interface Values {
  day: string | null;
  organizer: string;
  songName: string;
  invoiceAmount: number | string;
  isGlobal: boolean;
  territories: string;
  creativeDirection: boolean;
  creativeDirectionRequired: boolean;
  languageRequirement: boolean;
  language: string;
  notes: string;
}

const toInput = (v: Values) => ({
  ...v,
  invoiceAmount: typeof v.invoiceAmount === 'number' ? v.invoiceAmount : undefined,
});

/**
 * Reserve A Date: a 7-day hold from 15:00 on the day, and the notices that go with it. The
 * calendar opens it on a clicked day; an inquiry opens it without a day, pre-filled with who
 * asked (`prefill`), and links the hold it makes (`onReserved`, before the modal closes).
 */
export function ReserveDateModal({
  day,
  prefill,
  onReserved,
  onClose,
}: {
  day: string | null;
  prefill?: Partial<Pick<Values, 'organizer' | 'songName' | 'notes'>>;
  onReserved?: (competition: Competition) => void | Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('calendar');
  const reserve = useReserveDate();
  // Today in the business time zone, the server's reckoning: earlier days cannot be picked
  // (the server still refuses them).
  const timeZone = useBusinessTimeZone();
  const [today] = useState(() => localDay(Date.now(), timeZone));
  const form = useForm<Values>({
    initialValues: {
      day,
      organizer: prefill?.organizer ?? '',
      songName: prefill?.songName ?? '',
      invoiceAmount: '',
      isGlobal: true,
      territories: '',
      creativeDirection: false,
      creativeDirectionRequired: false,
      languageRequirement: false,
      language: '',
      notes: prefill?.notes ?? '',
    },
    validate: zodValidate<Values>(reserveDateSchema, toInput),
  });
  // A double click or a retry of the same values reuses the key: one hold, one set of notices.
  const submission = useSubmissionKey();
  const hold = useFormMutation({
    form,
    // The feature's mutation owns the cache: it refreshes the calendar.
    mutationFn: reserve.mutateAsync,
    onSuccess: async ({ competition }) => {
      submission.succeeded();
      notifications.show({
        color: 'green',
        message: t('reserved', { date: form.getValues().day ?? '' }),
      });
      await onReserved?.(competition);
      onClose();
    },
  });
  const submit = form.onSubmit((values) => {
    // zodValidate(reserveDateSchema) passed: the day and the amount are there.
    const input = toInput(values) as ReserveInput;
    return hold.submit({ input, idempotencyKey: submission.keyFor(input) });
  });

  return (
    <Modal opened onClose={onClose} title={t('reserveTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <DatePickerInput
            label={t('fields.date')}
            valueFormat="YYYY-MM-DD"
            minDate={today}
            {...form.getInputProps('day')}
          />
          <TextInput
            label={t('fields.organizer')}
            required
            data-autofocus
            {...form.getInputProps('organizer')}
          />
          <TextInput label={t('fields.songName')} {...form.getInputProps('songName')} />
          <MoneyInput label={t('fields.invoiceAmount')} required {...form.getInputProps('invoiceAmount')} />
          <Switch label={t('fields.isGlobal')} {...form.getInputProps('isGlobal', { type: 'checkbox' })} />
          {!form.values.isGlobal && (
            <TextInput
              label={t('fields.territories')}
              placeholder={t('territoriesHint')}
              {...form.getInputProps('territories')}
            />
          )}
          <Group>
            <Checkbox
              label={t('fields.creativeDirection')}
              {...form.getInputProps('creativeDirection', { type: 'checkbox' })}
            />
            {form.values.creativeDirection && (
              <Checkbox
                label={t('fields.creativeDirectionRequired')}
                {...form.getInputProps('creativeDirectionRequired', { type: 'checkbox' })}
              />
            )}
          </Group>
          <Checkbox
            label={t('fields.languageRequirement')}
            {...form.getInputProps('languageRequirement', { type: 'checkbox' })}
          />
          {form.values.languageRequirement && (
            <TextInput label={t('fields.language')} {...form.getInputProps('language')} />
          )}
          <Textarea label={t('fields.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
          <FormActions submitLabel={t('reserve')} loading={form.submitting} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
