import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReplayEarlyInput } from '../lib/early-input.ts';

/** The centred card the sign-in, forgot-password and reset-password pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  // These pages are prerendered (prerender-pages.ts): what was typed or sent before the app arrived counts.
  useReplayEarlyInput();
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
