import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { InquiryChoices } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inquiryChoicesQuery } from '../api/inquiry-options.ts';

/**
 * The contact form needs its lists (staff edit them) before it can be filled in: until they
 * arrive it says so, and if they cannot be loaded it says that, with a way to try again.
 */
export function InquiryChoicesGate({ children }: { children: (choices: InquiryChoices) => ReactNode }) {
  const { t } = useTranslation('inquiryOptions');
  const choices = useQuery(inquiryChoicesQuery());
  if (choices.data) return children(choices.data);
  if (choices.isError)
    return (
      <Alert color="red" role="alert" title={t('choices.loadFailedTitle')}>
        <Text size="sm" mb="xs">
          {t('choices.loadFailed')}
        </Text>
        <Button size="xs" variant="light" loading={choices.isFetching} onClick={() => void choices.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('choices.loading')}</Text>
    </Group>
  );
}
