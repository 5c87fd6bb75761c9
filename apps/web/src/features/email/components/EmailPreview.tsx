import { Code, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RenderedEmail } from '@preffy/api';

/**
 * A rendered email: the HTML in a sandboxed frame (no scripts, no same-origin access) and the
 * text; a text-only message (the plain-text outreach, empty HTML) shows its text alone.
 */
export function EmailPreview({ email }: { email: Pick<RenderedEmail, 'subject' | 'html' | 'text'> }) {
  const { t } = useTranslation('email');
  const subject = (
    <Text fw={600} mb="xs" data-testid="preview-subject">
      {email.subject}
    </Text>
  );
  if (!email.html)
    return (
      <>
        {subject}
        <Code block>{email.text}</Code>
      </>
    );
  return (
    <>
      {subject}
      <Tabs defaultValue="html">
        <Tabs.List>
          <Tabs.Tab value="html">{t('outbox.html')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('outbox.text')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          <iframe
            title={email.subject}
            sandbox=""
            srcDoc={email.html}
            style={{
              width: '100%',
              height: 420,
              border: '1px solid var(--mantine-color-default-border)',
              background: '#fff',
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <Code block>{email.text}</Code>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
