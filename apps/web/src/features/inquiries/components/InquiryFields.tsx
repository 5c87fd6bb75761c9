import { Checkbox, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { InquiryChoices } from '@preffy/api';
import { INQUIRY_SOURCES, INQUIRY_TYPES } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import type { NewInquiryValues } from '../new-inquiry-values.ts';

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The contact form's inputs, shared by the public form and Add Inquiry: name, email, phone,
 * source, inquiry type, platforms and the message. The choices are the lists staff keep (sent as
 * the text they hold); a label still one of the former fixed lists is shown translated, any other
 * as staff wrote it.
 */
export function InquiryFields({
  form,
  choices,
}: {
  form: UseFormReturnType<NewInquiryValues>;
  choices: InquiryChoices;
}) {
  const { t } = useTranslation('inquiries');
  const sourceLabel = (value: string) => (isOneOf(INQUIRY_SOURCES, value) ? t(`sources.${value}`) : value);
  const typeLabel = (value: string) => (isOneOf(INQUIRY_TYPES, value) ? t(`types.${value}`) : value);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.firstName')}
          required
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('fields.lastName')}
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.email')}
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('fields.phone')}
          description={t('fields.phoneHint')}
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('fields.source')}
          required
          data={choices.sources.map((value) => ({ value, label: sourceLabel(value) }))}
          {...form.getInputProps('source')}
        />
        <Select
          label={t('fields.inquiryType')}
          required
          data={choices.types.map((value) => ({ value, label: typeLabel(value) }))}
          {...form.getInputProps('inquiryType')}
        />
      </SimpleGrid>
      {/* Staff may empty the platforms list: the form then does not ask. */}
      {choices.platforms.length > 0 && (
        <Checkbox.Group label={t('fields.platforms')} {...form.getInputProps('platforms')}>
          <Group mt={4}>
            {choices.platforms.map((p) => (
              <Checkbox key={p} value={p} label={p} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Textarea
        label={t('fields.message')}
        required
        autosize
        minRows={4}
        maxRows={12}
        {...form.getInputProps('message')}
      />
    </Stack>
  );
}
