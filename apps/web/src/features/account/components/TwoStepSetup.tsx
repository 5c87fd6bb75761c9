import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useEnableTwoStep, useRefreshSession, useStartTwoStep } from '../api/account.ts';
import { OwnPasswordForm } from './OwnPasswordForm.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

type Secret = { secret: string; otpauthUri: string };

/**
 * Setting up two-step verification, in three steps: the password; the QR code (or the key
 * typed in) and a code from the app to prove it was scanned; the recovery codes, shown once.
 * `onDone` runs after the user has seen the codes.
 */
export function TwoStepSetup({ onDone }: { onDone: () => void }) {
  const [secret, setSecret] = useState<Secret | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refreshSession = useRefreshSession();
  const { t } = useTranslation('account');
  if (codes)
    return (
      <Stack>
        <Text fw={600}>{t('twoStep.enabled')}</Text>
        <RecoveryCodes codes={codes} />
        <Group justify="flex-end">
          <Button
            onClick={async () => {
              await refreshSession();
              onDone();
            }}
            data-testid="two-step-done"
          >
            {t('twoStep.savedCodes')}
          </Button>
        </Group>
      </Stack>
    );
  return secret ? <ScanStep secret={secret} onEnabled={setCodes} /> : <PasswordStep onStarted={setSecret} />;
}

function PasswordStep({ onStarted }: { onStarted: (secret: Secret) => void }) {
  const { t } = useTranslation('account');
  const start = useStartTwoStep();
  return (
    <OwnPasswordForm
      intro={t('twoStep.passwordIntro')}
      mutationFn={start.mutateAsync}
      onSuccess={onStarted}
      actions={(sending) => (
        <Button type="submit" loading={sending}>
          {t('twoStep.continue')}
        </Button>
      )}
    />
  );
}

function ScanStep({ secret, onEnabled }: { secret: Secret; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const enable = useEnableTwoStep();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(secret.otpauthUri, { margin: 1, width: 200 })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [secret.otpauthUri]);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (/^\d{6}$/.test(v.replace(/\s/g, '')) ? null : t('twoStep.codeFormat')) },
  });
  const submit = useFormMutation({
    form,
    mutationFn: enable.mutateAsync,
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
  });
  // Grouped in fours, as authenticator apps show keys typed in by hand.
  const key = secret.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <form onSubmit={form.onSubmit((values) => submit.submit(values))} noValidate>
      <Stack>
        <Text>{t('twoStep.scan')}</Text>
        {qr && <Image src={qr} alt={t('twoStep.qrAlt')} w={200} h={200} />}
        <Stack gap={4}>
          <Text size="sm">{t('twoStep.typeKey')}</Text>
          <Code data-testid="two-step-secret" fz="md">
            {key}
          </Code>
        </Stack>
        <TextInput
          label={t('twoStep.code')}
          description={t('twoStep.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={enable.isPending}>
            {t('twoStep.turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
