import { Alert, Button, Fieldset, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Competition, type CompetitionDefaults, type RequestOf, competitions } from '@preffy/api';
import { startCompetitionSchema } from '@preffy/domain';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { useFocusAfterBusy } from '../../../components/forms/use-focus-after-busy.ts';
import { useCompetitionDefaults } from '../api/competitions.ts';
import { CompetitionForm } from './CompetitionForm.tsx';
import { UnsavedLeaveGuard } from '../../../components/forms/LeaveGuard.tsx';
import { type CompetitionFormValues, startValues, toStartInput } from '../competition-form-values.ts';
import { DATE_FIELDS } from '../dates.ts';

/** Start A Competition (/preffy/add). */
export function StartCompetitionPage() {
  const { data: defaults } = useCompetitionDefaults();
  return defaults ? <StartCompetitionForm defaults={defaults} /> : <Loader />;
}

function StartCompetitionForm({ defaults }: { defaults: CompetitionDefaults }) {
  const { t } = useTranslation('competitions');
  const tz = useBusinessTimeZone();
  const [created, setCreated] = useState<Competition | null>(null);
  // Each new competition gets fresh fields: the end date follows the start again.
  const [round, setRound] = useState(0);
  const form = useForm<CompetitionFormValues>({
    initialValues: startValues(defaults, tz),
    validate: (values) => {
      const errors = zodValidate<CompetitionFormValues>(
        startCompetitionSchema({ now: Date.now(), timeZone: tz }),
        (v) => toStartInput(v, tz),
      )(values);
      // The schema names the dates; the form shows them on the day pickers.
      if (errors.endDate) errors.endDay = errors.endDate;
      if (errors.startDate) errors.startDay = errors.startDate;
      return errors;
    },
  });
  // A double click or a retry of the same values reuses the key: one competition is started.
  const submission = useSubmissionKey();
  const start = useFormMutation({
    form,
    mutationFn: (input: ReturnType<typeof toStartInput>) =>
      call(
        competitions.start,
        // The form's validate ran the same schema: what it let through is a valid body.
        { body: input as RequestOf<typeof competitions.start>['body'] },
        { idempotencyKey: submission.keyFor(input) },
      ),
    aliases: DATE_FIELDS,
    onSuccess: ({ competition }) => {
      submission.succeeded();
      setCreated(competition);
    },
  });
  const submit = form.onSubmit((values) => start.submit(toStartInput(values, tz)));
  // Submit turns into a disabled Done: the focus goes to what happened, the note with its link.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (created) result.current?.focus();
  }, [created]);
  // A refused Submit: back on the button, unless the focus went to a field meanwhile.
  const submitButton = useRef<HTMLButtonElement>(null);
  useFocusAfterBusy(form.submitting, submitButton);

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {t('startTitle')}
      </Title>
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
        <Stack>
          {/* After Done the fields are read-only (doc 2 §4); Start another begins a new one. */}
          <Fieldset variant="unstyled" disabled={!!created} data-testid="start-fields">
            <CompetitionForm key={round} mode="create" form={form} timeZone={tz} />
          </Fieldset>
          {created && (
            <Alert color="green" role="status" data-testid="start-success" ref={result} tabIndex={-1}>
              {t('added')}{' '}
              <Link to="/edit" search={{ id: created.id }}>
                {t('openToEdit')}
              </Link>
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={form.submitting} disabled={!!created} ref={submitButton}>
              {created ? t('done') : t('submit')}
            </Button>
            {created && (
              <Button
                variant="default"
                onClick={() => {
                  setCreated(null);
                  setRound((r) => r + 1);
                  form.reset();
                }}
                data-testid="start-another"
              >
                {t('startAnother')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      {form.isDirty() && !created && (
        <UnsavedLeaveGuard namespace="competitions" leaveTestId="confirm-leave-competition" />
      )}
    </Stack>
  );
}
