import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, notifyError } from '../api/client.ts';

interface FeedState {
  active: boolean;
  url: string | null;
}

/**
 * The private iCalendar feed: a secret address (not the session) to subscribe to in Google
 * Calendar or Outlook. Only its hash is kept, so the address shows only when it is made.
 */
export function FeedModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<string | null>(null);
  const state = useQuery({
    queryKey: ['calendar-feed'],
    queryFn: () => api.get<FeedState>('/api/calendar/feed'),
  });
  const make = useMutation({
    mutationFn: () => api.post<FeedState>('/api/calendar/feed'),
    onSuccess: (s) => {
      setMade(s.url);
      queryClient.setQueryData(['calendar-feed'], s);
    },
    onError: notifyError,
  });
  const revoke = useMutation({
    mutationFn: () => api.delete<FeedState>('/api/calendar/feed'),
    onSuccess: (s) => {
      setMade(null);
      queryClient.setQueryData(['calendar-feed'], s);
    },
    onError: notifyError,
  });
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
            <Button variant="subtle" color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              {t('calendar.feed.revoke')}
            </Button>
          )}
          <Button loading={make.isPending} onClick={() => make.mutate()}>
            {active ? t('calendar.feed.rotate') : t('calendar.feed.make')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
