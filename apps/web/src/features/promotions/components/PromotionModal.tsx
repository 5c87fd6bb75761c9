import { SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Promotion } from '@preffy/api';
import { PROMOTION_MAX_CREATORS, parseCreatorEmailLines } from '@preffy/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { MoneyInput } from '../../../components/forms/MoneyInput.tsx';
import { DiscardLeaveGuard, closeDiscarding } from '../../../components/forms/discard-changes.tsx';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { formatCount } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { type PromotionBody, useSavePromotion } from '../api/promotions.ts';
import {
  EMPTY_PROMOTION,
  FIELD_INPUTS,
  type PromotionFormValues,
  bodyOf,
  validatePromotion,
  valuesOf,
} from '../promotion-form-values.ts';
import { CompetitionSelect } from './CompetitionSelect.tsx';

type Save = { id?: string; body: PromotionBody; version?: number };

/**
 * Create Promotion and Edit: name, competition, dates, active, amount per creator, remaining
 * balance and the creator emails (one per line), checked with the domain's rules before sending
 * (the server checks again). An edit carries the version read; closing with unsaved changes, or
 * leaving the page, asks.
 */
export function PromotionModal({ promotion, onClose }: { promotion?: Promotion; onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const timeZone = useBusinessTimeZone();
  // What the form was last in step with: the base of the version and of "what changed".
  const [base, setBase] = useState(promotion);
  const form = useForm<PromotionFormValues>({
    initialValues: base ? valuesOf(base, timeZone) : EMPTY_PROMOTION,
    validate: validatePromotion(timeZone, (lines) =>
      t('form.invalidLines', { count: lines.length, lines: lines.join(', ') }),
    ),
  });
  const label = (field: keyof PromotionFormValues) => t(`fields.${FIELD_LABELS[field]}`);
  const submission = useSubmissionKey();
  const savePromotion = useSavePromotion();
  const save = useFormMutation({
    form,
    aliases: FIELD_INPUTS,
    mutationFn: (v: Save) => savePromotion.mutateAsync({ ...v, idempotencyKey: submission.keyFor(v.body) }),
    onSuccess: ({ promotion: saved }) => {
      submission.succeeded();
      notifications.show({
        color: 'green',
        message: t(base ? 'form.saved' : 'form.created', { name: saved.name }),
      });
      onClose();
    },
    conflict: base && {
      title: t('form.conflictTitle', { name: base.name }),
      valuesOf: (current: Promotion) => valuesOf(current, timeZone),
      read: valuesOf(base, timeZone),
      label,
      onReload: (current) => {
        setBase(current);
        form.setValues(valuesOf(current, timeZone));
        form.resetDirty(valuesOf(current, timeZone));
      },
      overwrite: (current): Save => ({
        id: current.id,
        body: bodyOf(form.getValues(), timeZone),
        version: current.version,
      }),
    },
  });

  const submit = form.onSubmit((values) => {
    const body = bodyOf(values, timeZone);
    return save.submit(base ? { id: base.id, body, version: base.version } : { body });
  });

  const discardTexts = {
    title: t('form.discardTitle'),
    body: t('form.discardBody'),
    discard: t('form.discard'),
  };
  const close = () => closeDiscarding({ changed: form.isDirty(), texts: discardTexts, close: onClose });

  const emailCount = parseCreatorEmailLines(form.getValues().creatorEmailsText).emails.length;
  const day = (field: 'startDay' | 'endDay') => (
    <DatePickerInput
      label={label(field)}
      description={t('form.timeHint', { zone: timeZone })}
      valueFormat="YYYY-MM-DD"
      clearable
      {...form.getInputProps(field)}
    />
  );

  return (
    <ResponsiveModal
      opened
      onClose={close}
      size="lg"
      title={base ? t('form.editTitle', { name: base.name }) : t('form.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={label('name')} required data-autofocus {...form.getInputProps('name')} />
          <CompetitionSelect
            value={form.getValues().competitionId}
            onChange={(id) => form.setFieldValue('competitionId', id)}
            error={form.errors.competitionId}
            chosen={base && { id: base.competitionId, name: base.competitionName }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {day('startDay')}
            {day('endDay')}
          </SimpleGrid>
          <Switch label={label('isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput
              label={label('amount')}
              description={t('form.amountHint')}
              required
              decimalScale={2}
              allowNegative={false}
              {...form.getInputProps('amount')}
            />
            <MoneyInput
              label={label('remainingBalance')}
              description={t('form.balanceHint')}
              required
              decimalScale={2}
              allowNegative={false}
              {...form.getInputProps('remainingBalance')}
            />
          </SimpleGrid>
          <Textarea
            label={label('creatorEmailsText')}
            description={t('form.creatorEmailsHint', { max: formatCount(PROMOTION_MAX_CREATORS) })}
            autosize
            minRows={4}
            maxRows={12}
            spellCheck={false}
            {...form.getInputProps('creatorEmailsText')}
          />
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="creator-email-count">
            {t('form.emailCount', { count: emailCount })}
          </Text>
          <FormActions
            submitLabel={base ? t('form.save') : t('form.create')}
            loading={save.isPending}
            onCancel={close}
          />
        </Stack>
      </form>
      {save.conflictDialog}
      {/* Back, a reload or a link would drop the form as surely as Esc: they ask too. */}
      {form.isDirty() && <DiscardLeaveGuard texts={discardTexts} leaveTestId="confirm-leave-promotion" />}
    </ResponsiveModal>
  );
}

/** The label key of each input. */
const FIELD_LABELS = {
  name: 'name',
  competitionId: 'competition',
  startDay: 'startDate',
  endDay: 'endDate',
  isActive: 'isActive',
  amount: 'amount',
  remainingBalance: 'remainingBalance',
  creatorEmailsText: 'creatorEmails',
} as const satisfies Record<keyof PromotionFormValues, string>;
