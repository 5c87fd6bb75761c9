import { Button, Fieldset, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type Competition, type RequestOf, competitions } from '@preffy/api';
import { isLockedForRole, updateCompetitionSchema } from '@preffy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useBusinessTimeZone, useMe } from '../../../lib/session.ts';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { useFocusAfterBusy } from '../../../components/forms/use-focus-after-busy.ts';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { competitionKeys, useCompetition } from '../../../lib/api/competition.ts';
import { CompetitionForm } from './CompetitionForm.tsx';
import { UnsavedLeaveGuard } from '../../../components/forms/LeaveGuard.tsx';
import { type CompetitionFormValues, toUpdateInput, valuesOf } from '../competition-form-values.ts';
import { DATE_FIELDS } from '../dates.ts';
import { ReservationDetails } from './ReservationDetails.tsx';
import { CompletedBanner } from './CompletedBanner.tsx';
import { DeletedBanner } from './DeletedBanner.tsx';

/** Update A Competition (/edit?id=). */
export function EditCompetitionPage({ id }: { id: string | undefined }) {
  const competition = useCompetition(id);
  const timeZone = useBusinessTimeZone();
  if (!id || competition.isError) return <NotFoundPage />;
  if (!competition.data) return <Loader />;
  return (
    <EditCompetitionForm
      key={competition.data.competition.id}
      loaded={competition.data.competition}
      timeZone={timeZone}
    />
  );
}

function EditCompetitionForm({ loaded, timeZone }: { loaded: Competition; timeZone: string }) {
  const { t } = useTranslation('competitions');
  const queryClient = useQueryClient();
  const { role } = useMe();
  // What this form was last in step with: the base for the version and for "what changed".
  const [base, setBase] = useState(loaded);
  const form = useForm<CompetitionFormValues>({
    initialValues: valuesOf(loaded, timeZone),
    validate: (values) => {
      const errors = zodValidate<CompetitionFormValues>(updateCompetitionSchema, (v) =>
        toUpdateInput(v, timeZone),
      )(values);
      if (errors.endDate) errors.endDay = errors.endDate;
      return errors;
    },
  });

  const update = (values: CompetitionFormValues, version: number) => ({
    params: { id: loaded.id },
    // The form's validate ran the same schema: what it let through is a valid body.
    body: { ...toUpdateInput(values, timeZone), version } as RequestOf<typeof competitions.update>['body'],
  });
  const save = useFormMutation({
    form,
    mutationFn: (input: ReturnType<typeof update>) => call(competitions.update, input),
    aliases: DATE_FIELDS,
    onSuccess: ({ competition }) => {
      setBase(competition);
      form.setValues(valuesOf(competition, timeZone));
      form.resetDirty();
      queryClient.setQueryData(competitionKeys.one(loaded.id), { competition });
      void queryClient.invalidateQueries({ queryKey: competitionKeys.lists });
      notifications.show({ color: 'green', message: t('saved') });
    },
    conflict: {
      title: t('conflictTitle'),
      valuesOf: (current: Competition) => valuesOf(current, timeZone),
      read: valuesOf(base, timeZone),
      // The day inputs show under the record's date names.
      label: (field) =>
        t(`fields.${field === 'startDay' ? 'startDate' : field === 'endDay' ? 'endDate' : field}`),
      onReload: (current) => {
        setBase(current);
        form.setValues(valuesOf(current, timeZone));
        form.resetDirty(valuesOf(current, timeZone));
      },
      overwrite: (current) => update(form.getValues(), current.version),
    },
  });

  // A deleted competition is staff's to read, not to change (decision 0124): an admin restores it first.
  const isLocked = isLockedForRole(role, base) || base.deleted;
  // Save is disabled while it saves; afterwards the focus is on it again, not on the page.
  const saveButton = useRef<HTMLButtonElement>(null);
  useFocusAfterBusy(form.submitting || save.isPending, saveButton);

  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        {t('editTitle', { name: base.name })}
      </Title>
      {base.deleted && (
        <DeletedBanner
          competition={base}
          onRestored={(competition) => {
            setBase(competition);
            form.setValues(valuesOf(competition, timeZone));
            form.resetDirty(valuesOf(competition, timeZone));
          }}
        />
      )}
      {base.state === 'completed' && !base.deleted && (
        <CompletedBanner competitionId={base.id} isLocked={isLocked} />
      )}
      {base.reservation && <ReservationDetails reservation={base.reservation} />}
      <Paper
        withBorder
        p="lg"
        component="form"
        onSubmit={form.onSubmit((v) => save.submit(update(v, base.version)))}
        noValidate
      >
        {/* A locked competition's fields show read-only: a disabled fieldset disables every control in it. */}
        <Fieldset variant="unstyled" disabled={isLocked} p={0} data-testid="competition-fields">
          <Stack>
            <CompetitionForm
              mode="update"
              form={form}
              timeZone={timeZone}
              richText={{
                creativeDirection: base.creativeDirection,
                notes: base.notes,
                key: base.version,
                readOnly: isLocked,
              }}
            />
            {!isLocked && (
              <Group>
                <Button type="submit" loading={form.submitting || save.isPending} ref={saveButton}>
                  {t('save')}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      </Paper>
      {save.conflictDialog}
      {form.isDirty() && (
        <UnsavedLeaveGuard namespace="competitions" leaveTestId="confirm-leave-competition" />
      )}
    </Stack>
  );
}
