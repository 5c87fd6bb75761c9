import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's heading, with its main actions on the right (they wrap under it on phones). */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
