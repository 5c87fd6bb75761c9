import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Recovery codes, shown once (the server keeps only their hashes): each opens the account once
 * when the phone is lost. Copy and a text file, so they can be stored away from the phone.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t('twoStep.codesFileTitle')}\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: 'preffy-recovery-codes.txt',
    });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow">{t('twoStep.codesOnce')}</Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes" aria-label={t('twoStep.codesLabel')}>
        {codes.map((code) => (
          <Text key={code} ff="monospace" size="md">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? t('twoStep.copied') : t('twoStep.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          {t('twoStep.download')}
        </Button>
      </Group>
    </Stack>
  );
}
