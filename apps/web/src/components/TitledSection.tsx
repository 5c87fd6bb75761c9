import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of a screen under its own heading (h2, named for screen readers) and a short intro. */
export function TitledSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}
