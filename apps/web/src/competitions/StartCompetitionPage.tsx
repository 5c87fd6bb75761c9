import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { startCompetitionSchema } from '@preffy/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showFormErrors } from '../api/client.ts';
import { useSubmissionKey } from '../api/submission-key.ts';
import { useMe } from '../auth/session.ts';
import { MoneyInput } from '../forms/MoneyInput.tsx';
import { zodValidate } from '../forms/zod-validate.ts';
import { AlbumImageInput } from './AlbumImageInput.tsx';
import { DATE_FIELDS, competitionTime, dayOf } from './dates.ts';
import { PrizesEditor } from './PrizesEditor.tsx';
import { useStaffOnlyFields } from './staff-only.ts';
import type { Competition, CompetitionDefaults } from './types.ts';

/** Start A Competition (/preffy/add). */
export function StartCompetitionPage() {
  const { data: defaults } = useQuery({
    queryKey: ['competition-defaults'],
    queryFn: () => api.get<CompetitionDefaults>('/api/competitions/defaults'),
  });
  return defaults ? <StartCompetitionForm defaults={defaults} /> : <Loader />;
}

interface Values {
  email: string;
  name: string;
  organizer: string;
  audio: string;
  startDay: string | null;
  endDay: string | null;
  invoiceAmount: number | string;
  prizes: string[];
  image: string | null;
  isClosed: boolean;
}

function StartCompetitionForm({ defaults }: { defaults: CompetitionDefaults }) {
  const { t } = useTranslation();
  const me = useMe();
  const staffOnly = useStaffOnlyFields('create');
  const tz = defaults.timeZone;
  const [created, setCreated] = useState<Competition | null>(null);
  const toInput = (v: Values) => ({
    email: v.email,
    name: v.name,
    organizer: v.organizer,
    audio: v.audio,
    startDate: competitionTime(v.startDay, tz),
    endDate: competitionTime(v.endDay, tz),
    invoiceAmount: typeof v.invoiceAmount === 'number' ? v.invoiceAmount : undefined,
    prizes: v.prizes,
    image: v.image,
    isClosed: v.isClosed,
  });
  const form = useForm<Values>({
    initialValues: {
      email: defaults.email,
      name: '',
      organizer: '',
      audio: '',
      startDay: dayOf(defaults.startDate, tz),
      endDay: dayOf(defaults.endDate, tz),
      invoiceAmount: defaults.invoiceAmount,
      prizes: defaults.prizes,
      image: null,
      isClosed: false,
    },
    validate: (values) => {
      const errors = zodValidate<Values>(
        startCompetitionSchema({ now: Date.now(), timeZone: tz }),
        toInput,
      )(values);
      // The schema names the dates; the form shows them on the day pickers.
      if (errors.endDate) errors.endDay = errors.endDate;
      if (errors.startDate) errors.startDay = errors.startDate;
      return errors;
    },
  });
  // A double click or a retry of the same values reuses the key: one competition is started.
  const submission = useSubmissionKey();
  const submit = form.onSubmit(async (values) => {
    try {
      const input = toInput(values);
      const { competition } = await api.post<{ competition: Competition }>('/api/competitions', input, {
        idempotencyKey: submission.keyFor(input),
      });
      submission.succeeded();
      setCreated(competition);
    } catch (e) {
      showFormErrors(form, e, { aliases: DATE_FIELDS });
    }
  });

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {t('competitions.startTitle')}
      </Title>
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('competitions.fields.email')}
            required
            type="email"
            disabled={me.role === 'organizer'}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('competitions.fields.name')} required {...form.getInputProps('name')} />
            <TextInput
              label={t('competitions.fields.organizer')}
              required
              {...form.getInputProps('organizer')}
            />
          </SimpleGrid>
          <TextInput
            label={t('competitions.fields.audio')}
            required
            placeholder="https://"
            {...form.getInputProps('audio')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DatePickerInput
              label={t('competitions.fields.startDate')}
              description={t('competitions.timeHint', { zone: tz })}
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('startDay')}
            />
            <DatePickerInput
              label={t('competitions.fields.endDate')}
              description={t('competitions.timeHint', { zone: tz })}
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('endDay')}
            />
            <MoneyInput
              label={t('competitions.fields.invoiceAmount')}
              required
              {...form.getInputProps('invoiceAmount')}
              {...staffOnly.input('invoiceAmount')}
            />
          </SimpleGrid>
          <PrizesEditor
            value={form.values.prizes}
            onChange={(prizes) => form.setFieldValue('prizes', prizes)}
            error={form.errors.prizes as string | undefined}
          />
          <AlbumImageInput value={form.values.image} onChange={(url) => form.setFieldValue('image', url)} />
          <Checkbox
            label={t('competitions.fields.isClosed')}
            {...form.getInputProps('isClosed', { type: 'checkbox' })}
            {...staffOnly.checkbox('isClosed')}
          />
          {created && (
            <Alert color="green" role="status" data-testid="start-success">
              {t('competitions.added')}{' '}
              <Link to="/edit" search={{ id: created.id }}>
                {t('competitions.openToEdit')}
              </Link>
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={form.submitting} disabled={!!created}>
              {created ? t('competitions.done') : t('competitions.submit')}
            </Button>
            {created && (
              <Button
                variant="default"
                onClick={() => {
                  setCreated(null);
                  form.reset();
                }}
              >
                {t('competitions.startAnother')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
