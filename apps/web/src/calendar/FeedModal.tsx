import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedQuery, useMakeFeed, useStopFeed } from './api.ts';

/**
 * The private iCalendar feed: a secret address (not the session) to subscribe to in Google
 * Calendar or Outlook. Only its hash is kept, so the address shows only when it is made.
 */
export function FeedModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [made, setMade] = useState<string | null>(null);
  const state = useQuery(feedQuery());
  const make = useMakeFeed();
  const revoke = useStopFeed();
  const active = state.data?.active ?? false;
  return (
    <Modal opened onClose={onClose} title={t('calendar.feed.title')} size="lg">
      <Stack>
        <Text size="sm">{t('calendar.feed.body')}</Text>
        {made ? (
          <Group align="end" wrap="nowrap">
            <TextInput
              flex={1}
              readOnly
              label={t('calendar.feed.address')}
              value={made}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={made}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                  {copied ? t('calendar.feed.copied') : t('calendar.feed.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Alert color={active ? 'blue' : 'gray'}>
            {active ? t('calendar.feed.active') : t('calendar.feed.off')}
          </Alert>
        )}
        <Group justify="flex-end">
          {active && (
            <Button
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setMade(null) })}
            >
              {t('calendar.feed.revoke')}
            </Button>
          )}
          <Button
            loading={make.isPending}
            onClick={() => make.mutate(undefined, { onSuccess: (s) => setMade(s.url) })}
          >
            {active ? t('calendar.feed.rotate') : t('calendar.feed.make')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
