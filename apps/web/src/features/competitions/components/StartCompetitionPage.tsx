import { Alert, Button, Fieldset, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type Competition,
  type CompetitionDefaults,
  type RequestOf,
  type WaitingHold,
  competitions,
} from '@preffy/api';
import { isWaitingHold, startCompetitionSchema } from '@preffy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { competitionKeys, useCompetition } from '../../../lib/api/competition.ts';
import { dayOf, formatDay } from '../../../lib/format.ts';
import { useCompetitionDefaults, useWaitingHolds } from '../api/competitions.ts';
import { useFocusAfterBusy } from '../../../components/forms/use-focus-after-busy.ts';
import { PublicPageState } from './PublicPageState.tsx';
import { CompetitionForm } from './CompetitionForm.tsx';
import { UnsavedLeaveGuard } from '../../../components/forms/LeaveGuard.tsx';
import { type CompetitionFormValues, startValues, toStartInput } from '../competition-form-values.ts';
import { DATE_FIELDS } from '../dates.ts';

/**
 * Start A Competition (/preffy/add). `holdId` (from the calendar's day modal) starts it from that
 * hold: the hold's record becomes the competition instead of a second record beside it.
 */
export function StartCompetitionPage({ holdId }: { holdId?: string } = {}) {
  const { data: defaults } = useCompetitionDefaults();
  const hold = useCompetition(holdId);
  if (!defaults || (holdId && hold.isPending)) return <Loader />;
  const held = hold.data?.competition;
  return (
    <StartCompetitionForm
      key={holdId ?? ''}
      defaults={defaults}
      hold={held && isWaitingHold(held) ? held : null}
    />
  );
}

/** The form's fields taken from a hold: who, when and the invoice it offered; the rest stays. */
function holdValues(hold: WaitingHold, values: CompetitionFormValues, tz: string): CompetitionFormValues {
  return {
    ...values,
    email: hold.email,
    organizer: hold.organizer,
    name: hold.name || values.name,
    startDay: dayOf(hold.startDate, tz),
    endDay: dayOf(hold.endDate, tz),
    invoiceAmount: hold.invoiceAmount,
  };
}

function StartCompetitionForm({
  defaults,
  hold: initialHold,
}: {
  defaults: CompetitionDefaults;
  hold: WaitingHold | null;
}) {
  const { t } = useTranslation('competitions');
  const tz = useBusinessTimeZone();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<Competition | null>(null);
  // The hold this competition is started from (its record becomes the competition), if any.
  const [hold, setHold] = useState<WaitingHold | null>(initialHold);
  // Each new competition gets fresh fields: the end date follows the start again.
  const [round, setRound] = useState(0);
  const form = useForm<CompetitionFormValues>({
    initialValues: initialHold
      ? holdValues(initialHold, startValues(defaults, tz), tz)
      : startValues(defaults, tz),
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
    mutationFn: (input: ReturnType<typeof toStartInput>) => {
      // The form's validate ran the same schema: what it let through is a valid body.
      const body = input as RequestOf<typeof competitions.start>['body'];
      // From a hold the version read guards against a second start (409), not a key.
      return hold
        ? call(competitions.startFromHold, {
            params: { id: hold.id },
            body: { ...body, version: hold.version },
          })
        : call(competitions.start, { body }, { idempotencyKey: submission.keyFor(input) });
    },
    aliases: DATE_FIELDS,
    onSuccess: ({ competition }) => {
      submission.succeeded();
      setCreated(competition);
      queryClient.setQueryData(competitionKeys.one(competition.id), { competition });
    },
  });
  // Holds for the artist or song typed, offered until one is chosen: Add used to make a second record.
  const [match] = useDebouncedValue(
    { organizer: form.values.organizer.trim(), name: form.values.name.trim() },
    400,
  );
  const holds = useWaitingHolds(match, !hold && !created);
  const holdDates = (h: WaitingHold) => ({
    start: formatDay(h.startDate, tz),
    end: formatDay(h.endDate, tz),
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
      {hold ? (
        <Alert color="blue" data-testid="start-from-hold" title={t('fromHold.title')}>
          <Stack gap="xs" align="start">
            <Text size="sm">{t('fromHold.body', { organizer: hold.organizer, ...holdDates(hold) })}</Text>
            {!created && (
              <Button size="compact-sm" variant="default" onClick={() => setHold(null)}>
                {t('fromHold.separate')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : (
        !created &&
        !!holds.data?.items.length && (
          <Alert color="yellow" data-testid="waiting-holds" title={t('fromHold.found')}>
            <Stack gap="xs">
              {holds.data.items.map((h) => (
                <Group key={h.id} justify="space-between" gap="xs">
                  <Text size="sm">
                    {t('fromHold.option', { name: h.name || '—', organizer: h.organizer, ...holdDates(h) })}
                  </Text>
                  <Button
                    size="compact-sm"
                    onClick={() => {
                      setHold(h);
                      form.setValues(holdValues(h, form.getValues(), tz));
                    }}
                  >
                    {t('fromHold.use')}
                  </Button>
                </Group>
              ))}
            </Stack>
          </Alert>
        )
      )}
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
        <Stack>
          {/* After Done the fields are read-only (doc 2 §4); Start another begins a new one. */}
          <Fieldset variant="unstyled" disabled={!!created} data-testid="start-fields">
            <CompetitionForm key={round} mode="create" form={form} timeZone={tz} />
          </Fieldset>
          {created && (
            <Alert color="green" role="status" data-testid="start-success" ref={result} tabIndex={-1}>
              {hold ? t('fromHold.started') : t('added')}{' '}
              <Link to="/edit" search={{ id: created.id }}>
                {t('openToEdit')}
              </Link>
              {hold && (
                <>
                  {' · '}
                  <Link to="/preffy/calendar" search={{ month: dayOf(created.startDate, tz)?.slice(0, 7) }}>
                    {t('fromHold.calendar')}
                  </Link>
                </>
              )}
              <PublicPageState competition={created} onConfirmed={setCreated} />
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
                  setHold(null);
                  setRound((r) => r + 1);
                  // Fresh fields, not the hold's the form may have started with.
                  form.setInitialValues(startValues(defaults, tz));
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
