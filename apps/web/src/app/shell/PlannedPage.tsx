import { Alert, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type common from '../../lib/i18n/locales/en/common.json';

export type PlannedScreen = keyof typeof common.planned.screens;

/** A screen whose feature is a later issue: says honestly what will be here. */
export function PlannedPage({ screen, title }: { screen: PlannedScreen; title: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t(title)}
      </Title>
      <Alert icon={<IconTools />} title={t('planned.title')} data-testid="planned">
        {t('planned.body', { what: t(`planned.screens.${screen}`) })}
      </Alert>
    </>
  );
}
