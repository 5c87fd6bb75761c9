import { Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type Competition, type RequestOf, competitions } from '@preffy/api';
import { updateCompetitionSchema } from '@preffy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, showFormErrors } from '../api/client.ts';
import { zodValidate } from '../forms/zod-validate.ts';
import { NotFoundPage } from '../shell/StatusPages.tsx';
import { competitionKeys, useCompetition, useCompetitionDefaults } from './api.ts';
import { CompetitionForm } from './CompetitionForm.tsx';
import { type CompetitionFormValues, toUpdateInput, valuesOf } from './competition-form-values.ts';
import { ConflictModal } from './ConflictModal.tsx';
import { DATE_FIELDS } from './dates.ts';
import { ReservationDetails } from './ReservationDetails.tsx';

/** Update A Competition (/edit?id=). */
export function EditCompetitionPage({ id }: { id: string | undefined }) {
  const competition = useCompetition(id);
  const { data: defaults } = useCompetitionDefaults();
  if (!id || competition.isError) return <NotFoundPage />;
  if (!competition.data || !defaults) return <Loader />;
  return (
    <EditCompetitionForm
      key={competition.data.competition.id}
      loaded={competition.data.competition}
      timeZone={defaults.timeZone}
    />
  );
}

function EditCompetitionForm({ loaded, timeZone }: { loaded: Competition; timeZone: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // What this form was last in step with: the base for the version and for "what changed".
  const [base, setBase] = useState(loaded);
  const [conflict, setConflict] = useState<Competition | null>(null);
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

  const save = async (values: CompetitionFormValues, version: number) => {
    try {
      const { competition } = await call(competitions.update, {
        params: { id: loaded.id },
        // The form's validate ran the same schema: what it let through is a valid body.
        body: { ...toUpdateInput(values, timeZone), version } as RequestOf<
          typeof competitions.update
        >['body'],
      });
      setBase(competition);
      setConflict(null);
      form.setValues(valuesOf(competition, timeZone));
      form.resetDirty();
      queryClient.setQueryData(competitionKeys.one(loaded.id), { competition });
      void queryClient.invalidateQueries({ queryKey: competitionKeys.lists });
      notifications.show({ color: 'green', message: t('competitions.saved') });
    } catch (e) {
      if (e instanceof ApiError && e.body.code === 'VERSION_CONFLICT')
        setConflict(e.body.current as Competition);
      else showFormErrors(form, e, { aliases: DATE_FIELDS });
    }
  };

  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        {t('competitions.editTitle', { name: base.name })}
      </Title>
      {base.reservation && <ReservationDetails reservation={base.reservation} />}
      <Paper
        withBorder
        p="lg"
        component="form"
        onSubmit={form.onSubmit((v) => void save(v, base.version))}
        noValidate
      >
        <Stack>
          <CompetitionForm
            mode="update"
            form={form}
            timeZone={timeZone}
            richText={{ creativeDirection: base.creativeDirection, notes: base.notes, key: base.version }}
          />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('competitions.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {conflict && (
        <ConflictModal
          mine={form.values}
          theirs={valuesOf(conflict, timeZone)}
          read={valuesOf(base, timeZone)}
          onReload={() => {
            setBase(conflict);
            form.setValues(valuesOf(conflict, timeZone));
            setConflict(null);
          }}
          onOverwrite={() => void save(form.values, conflict.version)}
          onClose={() => setConflict(null)}
        />
      )}
    </Stack>
  );
}
