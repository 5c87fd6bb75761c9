import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of a report, in a card; `empty` (why there is nothing yet) replaces the content. */
export function ReportSection({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  /** The reason shown instead of the content, when there is nothing to show. */
  empty?: string | null;
  children?: ReactNode;
}) {
  return (
    <Card withBorder component="section" data-testid={testId} miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {empty ? (
          <Text c="dimmed" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
