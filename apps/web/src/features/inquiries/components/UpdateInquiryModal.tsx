import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Inquiry } from '@preffy/api';
import { INQUIRY_STATUSES, updateInquirySchema } from '@preffy/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { closeDiscarding } from '../../../components/forms/discard-changes.tsx';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { type UpdateInquiryBody, assigneesQuery, useUpdateInquiry } from '../api/inquiries.ts';
import { useInquiryDiscardTexts } from '../discard-texts.ts';
import { inquiryStatusKey } from '../inquiry-status.ts';
import { InquiryLeaveGuard } from './NewInquiryModal.tsx';

/** What Update Inquiry edits. */
export type UpdateInquiryValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  assignedToEmail: string | null;
  status: string | null;
};

export const updateValuesOf = (i: Inquiry): UpdateInquiryValues => ({
  firstName: i.firstName,
  lastName: i.lastName,
  email: i.email,
  phone: i.phone ?? '',
  assignedToEmail: i.assignedToEmail,
  // A legacy status outside the three is not a choice: the form asks for one.
  status: (INQUIRY_STATUSES as readonly string[]).includes(i.status) ? i.status : null,
});

const bodyOf = (v: UpdateInquiryValues) =>
  ({
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone.trim() === '' ? null : v.phone,
    assignedToEmail: v.assignedToEmail,
    status: v.status ?? undefined,
  }) as Omit<UpdateInquiryBody, 'version'>;

const validate = zodValidate<UpdateInquiryValues>(updateInquirySchema, bodyOf);

type Save = { id: string; body: UpdateInquiryBody };

/**
 * Update Inquiry: name, email, phone, assignee and status, checked with the domain's
 * updateInquirySchema (the legacy messages), saved with the version read (a 409 opens the
 * conflict dialog). Closing with unsaved changes, or leaving the page, asks.
 */
export function UpdateInquiryModal({ inquiry, onClose }: { inquiry: Inquiry; onClose: () => void }) {
  const { t } = useTranslation('inquiries');
  const [base, setBase] = useState(inquiry);
  const form = useForm<UpdateInquiryValues>({ initialValues: updateValuesOf(base), validate });
  const assignees = useQuery(assigneesQuery());
  const update = useUpdateInquiry();
  const label = (field: keyof UpdateInquiryValues) => t(`fields.${field}`);
  const save = useFormMutation({
    form,
    mutationFn: (v: Save) => update.mutateAsync(v),
    onSuccess: ({ inquiry: saved }) => {
      notifications.show({ color: 'green', message: t('form.saved', { name: saved.fullName }) });
      onClose();
    },
    conflict: {
      title: t('form.conflictTitle', { name: base.fullName }),
      valuesOf: (current: Inquiry) => updateValuesOf(current),
      read: updateValuesOf(base),
      label,
      onReload: (current) => {
        setBase(current);
        form.setValues(updateValuesOf(current));
        form.resetDirty(updateValuesOf(current));
      },
      overwrite: (current): Save => ({
        id: current.id,
        body: { ...bodyOf(form.getValues()), version: current.version },
      }),
    },
  });

  const discardTexts = useInquiryDiscardTexts();
  const close = () => closeDiscarding({ changed: form.isDirty(), texts: discardTexts, close: onClose });

  // The current assignee stays a choice even when no longer staff.
  const people = assignees.data?.items ?? [];
  const assigneeChoices = [
    ...people.map((p) => ({ value: p.email, label: `${p.name} (${p.email})` })),
    ...(base.assignedToEmail && !people.some((p) => p.email === base.assignedToEmail)
      ? [{ value: base.assignedToEmail, label: base.assignedToName || base.assignedToEmail }]
      : []),
  ];

  return (
    <ResponsiveModal opened onClose={close} size="lg" title={t('form.updateTitle', { name: base.fullName })}>
      <form
        onSubmit={form.onSubmit((values) =>
          save.submit({ id: base.id, body: { ...bodyOf(values), version: base.version } }),
        )}
        noValidate
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={label('firstName')}
              required
              data-autofocus
              {...form.getInputProps('firstName')}
            />
            <TextInput label={label('lastName')} required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label={label('email')} type="email" required {...form.getInputProps('email')} />
          <TextInput
            label={label('phone')}
            description={t('fields.phoneHint')}
            type="tel"
            {...form.getInputProps('phone')}
          />
          <Select
            label={label('assignedToEmail')}
            placeholder={t('unassigned')}
            data={assigneeChoices}
            searchable
            clearable
            nothingFoundMessage={t('form.noAssignee')}
            {...form.getInputProps('assignedToEmail')}
          />
          <Select
            label={label('status')}
            required
            data={INQUIRY_STATUSES.map((s) => ({ value: s, label: t(inquiryStatusKey(s)!) }))}
            {...form.getInputProps('status')}
          />
          <FormActions submitLabel={t('form.save')} loading={save.isPending} onCancel={close} />
        </Stack>
      </form>
      {save.conflictDialog}
      {form.isDirty() && <InquiryLeaveGuard />}
    </ResponsiveModal>
  );
}
