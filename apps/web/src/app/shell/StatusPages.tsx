import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

function StatusPage({
  code,
  title,
  text,
  testId,
}: {
  code: string;
  title?: string;
  text: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
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
  return <StatusPage code="404" text={t('errors.notFound')} testId="not-found" />;
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
