import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** True inside the app's layout, whose <main> holds the page: a status page is then no second main. */
export const InsideMain = createContext(false);

function StatusPage({
  code,
  title,
  text,
  testId,
  main = false,
}: {
  code: string;
  title?: string;
  text: string;
  testId: string;
  /** The page's main landmark, when no layout gives one (an address the app does not know). */
  main?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md" component={main ? 'main' : 'div'}>
      <Stack align="center" gap="sm" data-testid={testId} maw={560}>
        <Title order={1} c="dimmed" fz={72}>
          {code}
        </Title>
        {title && <Title order={2}>{title}</Title>}
        <Text ta="center" size="lg">
          {text}
        </Text>
        <Button component={Link} to="/dashboard" variant="light">
          {t('errors.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const insideMain = useContext(InsideMain);
  return <StatusPage code="404" text={t('errors.notFound')} testId="not-found" main={!insideMain} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  return <StatusPage code="500" text={t('errors.serverError')} testId="server-error" />;
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      title={t('errors.forbiddenTitle')}
      text={t('errors.forbidden')}
      testId="no-access"
    />
  );
}
