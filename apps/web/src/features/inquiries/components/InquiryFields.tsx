import { Checkbox, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  INQUIRY_PLATFORMS,
  INQUIRY_SOURCES,
  INQUIRY_TYPES,
  type NewInquiryValues,
} from '../new-inquiry-values.ts';

/**
 * The contact form's inputs, shared by the public form and Add Inquiry: name, email, phone,
 * source, inquiry type, platforms and the message. The lists' values are stored in English (the
 * server's fixed lists); their labels are translated.
 */
export function InquiryFields({ form }: { form: UseFormReturnType<NewInquiryValues> }) {
  const { t } = useTranslation('inquiries');
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
          data={INQUIRY_SOURCES.map((value) => ({ value, label: t(`sources.${value}`) }))}
          {...form.getInputProps('source')}
        />
        <Select
          label={t('fields.inquiryType')}
          required
          data={INQUIRY_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          {...form.getInputProps('inquiryType')}
        />
      </SimpleGrid>
      <Checkbox.Group label={t('fields.platforms')} {...form.getInputProps('platforms')}>
        <Group mt={4}>
          {INQUIRY_PLATFORMS.map((p) => (
            <Checkbox key={p} value={p} label={p} />
          ))}
        </Group>
      </Checkbox.Group>
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
