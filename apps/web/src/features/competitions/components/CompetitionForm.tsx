import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { dialogs } from '../../../lib/dialogs.ts';
import { notifications } from '@mantine/notifications';
import type { UseFormReturnType } from '@mantine/form';
import {
  COMPETITION_DAYS,
  CONTINENTS,
  COUNTRY_CONTINENTS,
  type CompetitionFormMode,
  METRICS,
  PLATFORM_OPTIONS,
  PRIZING_TYPES,
  STANDINGS_VISIBILITY,
  addDays,
  canSetCompetitionField,
  prizeBudget,
  prizeTemplate,
} from '@preffy/domain';
import { IconWand } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session.ts';
import { MoneyInput } from '../../../components/forms/MoneyInput.tsx';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { formatUsd } from '../../../lib/format.ts';
import { AlbumImageInput } from './AlbumImageInput.tsx';
import type { CompetitionFormValues } from '../competition-form-values.ts';
import { PrizesEditor } from './PrizesEditor.tsx';
import { RichTextInput } from '../../../components/forms/RichTextInput.tsx';
import { useStaffOnlyFields } from '../staff-only.ts';

const SOCIAL = ['spotify', 'tiktok', 'instagram', 'tiktokSound', 'instagramSound'] as const;

type Form = UseFormReturnType<CompetitionFormValues>;

const invoiceOf = (values: CompetitionFormValues) =>
  typeof values.invoiceAmount === 'number' ? values.invoiceAmount : 0;

/**
 * The fields of Start A Competition (`create`) and Update A Competition (`update`, every field).
 * Fields a role may not set show read-only (useStaffOnlyFields); the pages own submit and save.
 */
export function CompetitionForm({
  mode,
  form,
  timeZone,
  richText,
}: {
  mode: CompetitionFormMode;
  form: Form;
  timeZone: string;
  /** Update only: the stored rich texts and a key that re-mounts their editors after a save. */
  richText?: {
    creativeDirection: string | null;
    notes: string | null;
    key: string | number;
    /** A completed competition an organizer may not change: its text shows, not editable. */
    readOnly?: boolean;
  };
}) {
  const { t } = useTranslation('competitions');
  const me = useMe();
  const staffOnly = useStaffOnlyFields(mode);
  const canSetInvoice = canSetCompetitionField(me.role, 'invoiceAmount', mode);
  const isUpdate = mode === 'update';
  // On Start the end date runs COMPETITION_DAYS after the start until the user picks an end
  // date; from then on it is theirs. Update leaves stored dates alone.
  const [endPickedByHand, setEndPickedByHand] = useState(isUpdate);
  const day = (
    field: 'startDay' | 'endDay',
    label: 'startDate' | 'endDate',
    onChange: (value: string | null) => void,
  ) => (
    <DatePickerInput
      label={t(`fields.${label}`)}
      description={t('timeHint', { zone: timeZone })}
      valueFormat="YYYY-MM-DD"
      {...form.getInputProps(field)}
      onChange={onChange}
    />
  );
  const changeStart = (value: string | null) => {
    form.setFieldValue('startDay', value);
    if (value && !endPickedByHand) form.setFieldValue('endDay', addDays(value, COMPETITION_DAYS));
  };
  const changeEnd = (value: string | null) => {
    setEndPickedByHand(true);
    form.setFieldValue('endDay', value);
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.email')}
          required
          type="email"
          // Organizers start competitions under their own email only.
          disabled={!isUpdate && me.role === 'organizer'}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('fields.audio')}
          description={t('audioHint')}
          required
          placeholder="https://"
          {...form.getInputProps('audio')}
        />
        <TextInput label={t('fields.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('fields.organizer')} required {...form.getInputProps('organizer')} />
        {day('startDay', 'startDate', changeStart)}
        {day('endDay', 'endDate', changeEnd)}
        {isUpdate && (
          <MultiSelect
            label={t('fields.platforms')}
            data={[...PLATFORM_OPTIONS]}
            {...form.getInputProps('platforms')}
          />
        )}
        {canSetInvoice ? (
          <MoneyInput label={t('fields.invoiceAmount')} required {...form.getInputProps('invoiceAmount')} />
        ) : (
          // Staff set the invoice: shown as text in the user's format, an unset one said so.
          <TextInput
            label={t('fields.invoiceAmount')}
            readOnly
            value={invoiceOf(form.values) > 0 ? formatUsd(invoiceOf(form.values)) : t('invoiceNotSet')}
            {...staffOnly.input('invoiceAmount')}
            data-testid="invoice-read-only"
          />
        )}
      </SimpleGrid>
      <AlbumImageInput value={form.values.image} onChange={(url) => form.setFieldValue('image', url)} />
      {isUpdate && <PrizingType form={form} />}
      <PrizesEditor
        value={form.values.prizes}
        onChange={(prizes) => form.setFieldValue('prizes', prizes)}
        error={form.errors.prizes as string | undefined}
        // The budget follows the invoice: a user who cannot change the invoice gets no budget
        // warning they could not act on.
        budget={canSetInvoice ? prizeBudget(mode, invoiceOf(form.values)) : undefined}
      />
      {isUpdate && <Territories form={form} />}
      <Group>
        {isUpdate && (
          <>
            <Checkbox
              label={t('fields.isDirect')}
              {...form.getInputProps('isDirect', { type: 'checkbox' })}
              {...staffOnly.checkbox('isDirect')}
            />
            <Checkbox
              label={t('fields.is555')}
              {...form.getInputProps('is555', { type: 'checkbox' })}
              {...staffOnly.checkbox('is555')}
            />
          </>
        )}
        <Checkbox
          label={t('fields.isClosed')}
          {...form.getInputProps('isClosed', { type: 'checkbox' })}
          {...staffOnly.checkbox('isClosed')}
        />
      </Group>
      {isUpdate && richText && (
        <>
          <RichTextInput
            key={`creative-${richText.key}`}
            label={t('fields.creativeDirection')}
            value={richText.creativeDirection}
            onChange={(html) => form.setFieldValue('creativeDirection', html)}
            readOnly={richText.readOnly}
          />
          <RichTextInput
            key={`notes-${richText.key}`}
            label={t('fields.notes')}
            value={richText.notes}
            onChange={(html) => form.setFieldValue('notes', html)}
            readOnly={richText.readOnly}
          />
        </>
      )}
      {isUpdate && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextInput label={t('fields.category')} {...form.getInputProps('category')} />
            <NumberInput
              label={t('fields.takePct')}
              description={t('takePctHint')}
              // A percentage, stored as the multiplier; out of range gets a message, never a clamp.
              min={0}
              max={100}
              step={5}
              decimalScale={1}
              clampBehavior="none"
              suffix=" %"
              data-testid="take-pct"
              {...form.getInputProps('takePct')}
              {...staffOnly.input('takePct')}
            />
            <TextInput label={t('fields.event')} {...form.getInputProps('event')} />
            <Select
              label={t('fields.metric')}
              allowDeselect={false}
              data={METRICS.map((m) => ({ value: m, label: t(`metrics.${m}`) }))}
              {...form.getInputProps('metric')}
            />
          </SimpleGrid>
          <Select
            label={t('fields.standings')}
            description={t('standingsHint')}
            allowDeselect={false}
            data={STANDINGS_VISIBILITY.map((v) => ({ value: v, label: t(`standings.${v}`) }))}
            data-testid="standings"
            {...form.getInputProps('standings')}
            {...staffOnly.input('standings')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SOCIAL.map((field) => (
              <TextInput
                key={field}
                label={t(`fields.${field}`)}
                placeholder="https://"
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}

const isPrizingType = (type: string): type is (typeof PRIZING_TYPES)[number] =>
  (PRIZING_TYPES as readonly string[]).includes(type);

/** The prizing type and the button that fills the prize lines from it and the invoice. */
function PrizingType({ form }: { form: Form }) {
  const { t } = useTranslation('competitions');
  // A hand-edited list is never replaced without asking, and the replaced list can come back.
  const generatePrizes = () => {
    const generated = prizeTemplate(
      form.values.competitionType,
      prizeBudget('update', invoiceOf(form.values)),
    );
    const before = form.values.prizes;
    const kept = before.filter((line) => line.trim() !== '');
    const replace = () => {
      form.setFieldValue('prizes', generated);
      if (kept.length === 0) return;
      const id = notifications.show({
        message: (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('prizesReplaced', { count: kept.length })}</Text>
            <Button
              size="compact-sm"
              variant="light"
              data-testid="undo-generate-prizes"
              onClick={() => {
                form.setFieldValue('prizes', before);
                notifications.hide(id);
              }}
            >
              {t('undo')}
            </Button>
          </Group>
        ),
        autoClose: 15_000,
      });
    };
    if (kept.length === 0 || JSON.stringify(kept) === JSON.stringify(generated)) return replace();
    dialogs.openConfirmModal({
      title: t('replacePrizesTitle'),
      children: (
        <Text>
          {t('replacePrizesBody', {
            count: kept.length,
            generated: t('prizeCount', { count: generated.length }),
            type: isPrizingType(form.values.competitionType)
              ? t(`prizingTypes.${form.values.competitionType}`)
              : form.values.competitionType,
          })}
        </Text>
      ),
      labels: { confirm: t('replacePrizes'), cancel: t('cancel') },
      confirmProps: { 'data-testid': 'confirm-generate-prizes' },
      onConfirm: replace,
    });
  };
  return (
    <Group align="end">
      <Select
        label={t('fields.competitionType')}
        data={PRIZING_TYPES.map((type) => ({ value: type, label: t(`prizingTypes.${type}`) }))}
        allowDeselect={false}
        {...form.getInputProps('competitionType')}
      />
      <Button variant="light" leftSection={<IconWand size={16} />} onClick={generatePrizes}>
        {t('generatePrizes')}
      </Button>
    </Group>
  );
}

function Territories({ form }: { form: Form }) {
  const { t } = useTranslation('competitions');
  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([currentLanguage()], { type: 'region' });
    return Object.keys(COUNTRY_CONTINENTS)
      .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, []);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label={t('fields.continents')}
        data={CONTINENTS.map((continent) => ({ value: continent, label: t(`continents.${continent}`) }))}
        {...form.getInputProps('continents')}
      />
      <MultiSelect
        label={t('fields.countries')}
        data={countryOptions}
        searchable
        {...form.getInputProps('countries')}
      />
    </SimpleGrid>
  );
}
