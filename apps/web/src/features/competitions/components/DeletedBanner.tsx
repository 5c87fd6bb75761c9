import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Competition } from '@preffy/api';
import { roleMeets } from '@preffy/domain';
import { IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session.ts';
import { useConfirmRestore } from '../hooks/use-confirm-restore.ts';

/**
 * Says that a competition is deleted (staff still read it, decision 0124), links its report, and
 * offers an administrator Restore, asked first.
 */
export function DeletedBanner({
  competition,
  onRestored,
}: {
  competition: Competition;
  onRestored: (competition: Competition) => void;
}) {
  const { t } = useTranslation('competitions');
  const isAdmin = roleMeets(useMe().role, 'admin');
  const restore = useConfirmRestore(onRestored);
  return (
    <Alert color="red" icon={<IconTrash />} title={t('deletedBanner.title')} data-testid="deleted-banner">
      <Stack gap="xs">
        <Text size="sm">{t('deletedBanner.body')}</Text>
        <Group>
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/reports" search={{ id: competition.id }} />}
          >
            {t('completed.report')}
          </Anchor>
          {isAdmin && (
            <Button
              size="xs"
              variant="light"
              onClick={() => restore.ask(competition)}
              loading={restore.isPending}
            >
              {t('restore.action')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
