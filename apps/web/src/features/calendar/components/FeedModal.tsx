import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedQuery, useMakeFeed, useStopFeed } from '../api/calendar.ts';

/**
 * The private iCalendar feed: a secret address (not the session) to subscribe to in Google
 * Calendar or Outlook. Only its hash is kept, so the address shows only when it is made.
 */
export function FeedModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('calendar');
  const [made, setMade] = useState<string | null>(null);
  const state = useQuery(feedQuery());
  const make = useMakeFeed();
  const revoke = useStopFeed();
  const active = state.data?.active ?? false;
  return (
    <Modal opened onClose={onClose} title={t('feed.title')} size="lg">
      <Stack>
        <Text size="sm">{t('feed.body')}</Text>
        {made ? (
          <Group align="end" wrap="nowrap">
            <TextInput
              flex={1}
              readOnly
              label={t('feed.address')}
              value={made}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={made}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                  {copied ? t('copied') : t('copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Alert color={active ? 'blue' : 'gray'}>{active ? t('feed.active') : t('feed.off')}</Alert>
        )}
        <Group justify="flex-end">
          {active && (
            <Button
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setMade(null) })}
            >
              {t('feed.revoke')}
            </Button>
          )}
          <Button
            loading={make.isPending}
            onClick={() => make.mutate(undefined, { onSuccess: (s) => setMade(s.url) })}
          >
            {active ? t('feed.rotate') : t('feed.make')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
