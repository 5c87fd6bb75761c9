import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CONTINENTS,
  COUNTRY_CONTINENTS,
  METRICS,
  PLATFORM_OPTIONS,
  PRIZING_TYPES,
  prizePoolFromInvoice,
  prizeTemplate,
  updateCompetitionSchema,
} from '@preffy/domain';
import { IconWand } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, showFormErrors } from '../api/client.ts';
import { MoneyInput } from '../forms/MoneyInput.tsx';
import { zodValidate } from '../forms/zod-validate.ts';
import { currentLanguage } from '../i18n/index.ts';
import { NotFoundPage } from '../shell/StatusPages.tsx';
import { AlbumImageInput } from './AlbumImageInput.tsx';
import { DATE_FIELDS, competitionTime, dayOf } from './dates.ts';
import { PrizesEditor } from './PrizesEditor.tsx';
import { RichTextInput } from './RichTextInput.tsx';
import { useStaffOnlyFields } from './staff-only.ts';
import type { Competition, CompetitionDefaults } from './types.ts';

/** Update A Competition (/edit?id=). */
export function EditCompetitionPage({ id }: { id: string | undefined }) {
  const competition = useQuery({
    queryKey: ['competition', id],
    queryFn: () => api.get<{ competition: Competition }>(`/api/competitions/${id}`),
    enabled: !!id,
    retry: false,
  });
  const { data: defaults } = useQuery({
    queryKey: ['competition-defaults'],
    queryFn: () => api.get<CompetitionDefaults>('/api/competitions/defaults'),
  });
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

type Values = ReturnType<typeof toValues>;

function toValues(c: Competition, tz: string) {
  return {
    email: c.email,
    name: c.name,
    organizer: c.organizer,
    audio: c.audio ?? '',
    startDay: dayOf(c.startDate, tz) as string | null,
    endDay: dayOf(c.endDate, tz) as string | null,
    platforms: c.platforms,
    image: c.image,
    invoiceAmount: c.invoiceAmount as number | string,
    prizes: c.prizes,
    competitionType: c.competitionType,
    continents: c.continents,
    countries: c.countries ?? [],
    isDirect: c.isDirect,
    is555: c.is555,
    isClosed: c.isClosed,
    creativeDirection: c.creativeDirection ?? '',
    notes: c.notes ?? '',
    category: c.category ?? '',
    takePct: c.takePct as number | string,
    event: c.event ?? '',
    metric: c.metric,
    spotify: c.spotify ?? '',
    tiktok: c.tiktok ?? '',
    instagram: c.instagram ?? '',
    tiktokSound: c.tiktokSound ?? '',
    instagramSound: c.instagramSound ?? '',
  };
}

const toInput = (v: Values, tz: string) => ({
  ...v,
  startDay: undefined,
  endDay: undefined,
  startDate: competitionTime(v.startDay, tz),
  endDate: competitionTime(v.endDay, tz),
  invoiceAmount: typeof v.invoiceAmount === 'number' ? v.invoiceAmount : undefined,
  takePct: typeof v.takePct === 'number' ? v.takePct : undefined,
  countries: v.countries.length ? v.countries : null,
});

const SOCIAL = ['spotify', 'tiktok', 'instagram', 'tiktokSound', 'instagramSound'] as const;

function EditCompetitionForm({ loaded, timeZone }: { loaded: Competition; timeZone: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // What this form was last in step with: the base for the version and for "what changed".
  const [base, setBase] = useState(loaded);
  const [conflict, setConflict] = useState<Competition | null>(null);
  const staffOnly = useStaffOnlyFields('update');
  const form = useForm<Values>({
    initialValues: toValues(loaded, timeZone),
    validate: (values) => {
      const errors = zodValidate<Values>(updateCompetitionSchema, (v) => toInput(v, timeZone))(values);
      if (errors.endDate) errors.endDay = errors.endDate;
      return errors;
    },
  });
  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([currentLanguage()], { type: 'region' });
    return Object.keys(COUNTRY_CONTINENTS)
      .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, []);

  const save = async (values: Values, version: number) => {
    try {
      const { competition } = await api.put<{ competition: Competition }>(`/api/competitions/${loaded.id}`, {
        ...toInput(values, timeZone),
        version,
      });
      setBase(competition);
      setConflict(null);
      form.setValues(toValues(competition, timeZone));
      form.resetDirty();
      queryClient.setQueryData(['competition', loaded.id], { competition });
      void queryClient.invalidateQueries({ queryKey: ['competitions'] });
      notifications.show({ color: 'green', message: t('competitions.saved') });
    } catch (e) {
      if (e instanceof ApiError && e.body.code === 'VERSION_CONFLICT')
        setConflict(e.body.current as Competition);
      else showFormErrors(form, e, { aliases: DATE_FIELDS });
    }
  };

  const generatePrizes = () => {
    const amount = typeof form.values.invoiceAmount === 'number' ? form.values.invoiceAmount : 0;
    form.setFieldValue('prizes', prizeTemplate(form.values.competitionType, prizePoolFromInvoice(amount)));
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('competitions.fields.email')} required {...form.getInputProps('email')} />
            <TextInput label={t('competitions.fields.audio')} required {...form.getInputProps('audio')} />
            <TextInput label={t('competitions.fields.name')} required {...form.getInputProps('name')} />
            <TextInput
              label={t('competitions.fields.organizer')}
              required
              {...form.getInputProps('organizer')}
            />
            <DatePickerInput
              label={t('competitions.fields.startDate')}
              description={t('competitions.timeHint', { zone: timeZone })}
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('startDay')}
            />
            <DatePickerInput
              label={t('competitions.fields.endDate')}
              description={t('competitions.timeHint', { zone: timeZone })}
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('endDay')}
            />
            <MultiSelect
              label={t('competitions.fields.platforms')}
              data={[...PLATFORM_OPTIONS]}
              {...form.getInputProps('platforms')}
            />
            <MoneyInput
              label={t('competitions.fields.invoiceAmount')}
              required
              {...form.getInputProps('invoiceAmount')}
              {...staffOnly.input('invoiceAmount')}
            />
          </SimpleGrid>
          <AlbumImageInput value={form.values.image} onChange={(url) => form.setFieldValue('image', url)} />
          <Group align="end">
            <Select
              label={t('competitions.fields.competitionType')}
              data={[...PRIZING_TYPES]}
              allowDeselect={false}
              {...form.getInputProps('competitionType')}
            />
            <Button variant="light" leftSection={<IconWand size={16} />} onClick={generatePrizes}>
              {t('competitions.generatePrizes')}
            </Button>
          </Group>
          <PrizesEditor
            value={form.values.prizes}
            onChange={(prizes) => form.setFieldValue('prizes', prizes)}
            error={form.errors.prizes as string | undefined}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('competitions.fields.continents')}
              data={[...CONTINENTS]}
              {...form.getInputProps('continents')}
            />
            <MultiSelect
              label={t('competitions.fields.countries')}
              data={countryOptions}
              searchable
              {...form.getInputProps('countries')}
            />
          </SimpleGrid>
          <Group>
            <Checkbox
              label={t('competitions.fields.isDirect')}
              {...form.getInputProps('isDirect', { type: 'checkbox' })}
              {...staffOnly.checkbox('isDirect')}
            />
            <Checkbox
              label={t('competitions.fields.is555')}
              {...form.getInputProps('is555', { type: 'checkbox' })}
              {...staffOnly.checkbox('is555')}
            />
            <Checkbox
              label={t('competitions.fields.isClosed')}
              {...form.getInputProps('isClosed', { type: 'checkbox' })}
              {...staffOnly.checkbox('isClosed')}
            />
          </Group>
          <RichTextInput
            key={`creative-${base.version}`}
            label={t('competitions.fields.creativeDirection')}
            value={base.creativeDirection}
            onChange={(html) => form.setFieldValue('creativeDirection', html)}
          />
          <RichTextInput
            key={`notes-${base.version}`}
            label={t('competitions.fields.notes')}
            value={base.notes}
            onChange={(html) => form.setFieldValue('notes', html)}
          />
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextInput label={t('competitions.fields.category')} {...form.getInputProps('category')} />
            <NumberInput
              label={t('competitions.fields.takePct')}
              min={0}
              max={1}
              step={0.05}
              decimalScale={3}
              {...form.getInputProps('takePct')}
              {...staffOnly.input('takePct')}
            />
            <TextInput label={t('competitions.fields.event')} {...form.getInputProps('event')} />
            <Select
              label={t('competitions.fields.metric')}
              allowDeselect={false}
              data={METRICS.map((m) => ({ value: m, label: t(`competitions.metrics.${m}`) }))}
              {...form.getInputProps('metric')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SOCIAL.map((field) => (
              <TextInput
                key={field}
                label={t(`competitions.fields.${field}`)}
                placeholder="https://"
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
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
          theirs={toValues(conflict, timeZone)}
          read={toValues(base, timeZone)}
          onReload={() => {
            setBase(conflict);
            form.setValues(toValues(conflict, timeZone));
            setConflict(null);
          }}
          onOverwrite={() => void save(form.values, conflict.version)}
          onClose={() => setConflict(null)}
        />
      )}
    </Stack>
  );
}

/** Someone saved in between: show field by field what they changed and what I changed. */
function ConflictModal({
  mine,
  theirs,
  read,
  onReload,
  onOverwrite,
  onClose,
}: {
  mine: Values;
  theirs: Values;
  read: Values;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const show = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''));
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields = (Object.keys(theirs) as (keyof Values)[]).filter(
    (k) => !same(theirs[k], read[k]) || !same(mine[k], read[k]),
  );
  return (
    <Modal opened onClose={onClose} size="xl" title={t('competitions.conflictTitle')}>
      <Stack>
        <Alert color="yellow">{t('competitions.conflictBody')}</Alert>
        <Table data-testid="conflict-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('competitions.conflictField')}</Table.Th>
              <Table.Th>{t('competitions.conflictTheirs')}</Table.Th>
              <Table.Th>{t('competitions.conflictMine')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((k) => (
              <Table.Tr key={k}>
                <Table.Td>
                  {t(
                    `competitions.fields.${k === 'startDay' ? 'startDate' : k === 'endDay' ? 'endDate' : k}`,
                  )}
                </Table.Td>
                <Table.Td>{show(theirs[k])}</Table.Td>
                <Table.Td>{show(mine[k])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload}>
            {t('competitions.conflictReload')}
          </Button>
          <Button color="red" onClick={onOverwrite}>
            {t('competitions.conflictOverwrite')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the organizer asked for when they reserved the date on the calendar (read only). */
function ReservationDetails({ reservation: r }: { reservation: NonNullable<Competition['reservation']> }) {
  const { t } = useTranslation();
  const yes = (b: boolean) => (b ? t('common.yes') : t('common.no'));
  return (
    <Alert color="blue" title={t('competitions.reservation.title')} data-testid="reservation-details">
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{t('calendar.fields.territories')}</Table.Th>
            <Table.Td>{r.isGlobal ? t('calendar.fields.isGlobal') : r.territories}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('calendar.fields.creativeDirection')}</Table.Th>
            <Table.Td>
              {yes(r.creativeDirection)}
              {r.creativeDirectionRequired ? ` (${t('calendar.fields.creativeDirectionRequired')})` : ''}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('calendar.fields.languageRequirement')}</Table.Th>
            <Table.Td>{r.languageRequirement ? r.language : yes(false)}</Table.Td>
          </Table.Tr>
          {r.notes && (
            <Table.Tr>
              <Table.Th>{t('calendar.fields.notes')}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{r.notes}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
