import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A message about what was just typed or sent, read out by screen readers as it appears:
 * `inline` under a field (an image, the prize lines), otherwise a red alert over the form.
 * Nothing is rendered without a message.
 */
export function FormError({
  children,
  inline = false,
  testId,
}: {
  children: ReactNode;
  inline?: boolean;
  testId?: string;
}) {
  if (!children) return null;
  return inline ? (
    <Text c="red" size="sm" role="alert" data-testid={testId}>
      {children}
    </Text>
  ) : (
    <Alert color="red" role="alert" data-testid={testId}>
      {children}
    </Alert>
  );
}
