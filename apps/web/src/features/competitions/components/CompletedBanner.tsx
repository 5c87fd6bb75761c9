import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * Says that a competition is completed (its winners are paid or being paid), and, to an
 * organizer, that only staff may change it now (the server refuses them: isLockedForRole).
 */
export function CompletedBanner({ competitionId, isLocked }: { competitionId: string; isLocked: boolean }) {
  const { t } = useTranslation('competitions');
  return (
    <Alert
      color="green"
      icon={<IconCircleCheck />}
      title={t('completed.title')}
      data-testid="completed-banner"
    >
      <Stack gap="xs">
        <Text size="sm">{isLocked ? t('completed.locked') : t('completed.staff')}</Text>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/reports" search={{ id: competitionId }} />}
        >
          {t('completed.report')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
