import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../lib/session.ts';
import { useDisableTwoStep, useNewRecoveryCodes } from '../api/account.ts';
import { OwnPasswordForm } from './OwnPasswordForm.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TwoStepSetup } from './TwoStepSetup.tsx';

/** The profile's two-step verification: set it up, replace the recovery codes, turn it off. */
export function TwoStepCard() {
  const { t } = useTranslation('account');
  const { twoStep } = useAccount();
  const [setupOpen, setup] = useDisclosure(false);
  const [action, setAction] = useState<'codes' | 'off' | null>(null);
  return (
    <Card withBorder data-testid="two-step-card">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('twoStep.section')}
          </Title>
          <Badge color={twoStep.enabled ? 'green' : 'gray'} variant="light">
            {twoStep.enabled ? t('twoStep.on') : t('twoStep.off')}
          </Badge>
        </Group>
        <Text size="sm">{t('twoStep.intro')}</Text>
        {twoStep.required && <Text size="sm">{t('twoStep.requiredForRole')}</Text>}
        {twoStep.enabled ? (
          <>
            <Text size="sm" data-testid="recovery-codes-left">
              {t('twoStep.codesLeft', { count: twoStep.recoveryCodesLeft })}
            </Text>
            <Group justify="flex-end">
              {!twoStep.required && (
                <Button variant="default" color="red" onClick={() => setAction('off')}>
                  {t('twoStep.turnOff')}
                </Button>
              )}
              <Button variant="default" onClick={() => setAction('codes')}>
                {t('twoStep.newCodes')}
              </Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <Button onClick={setup.open}>{t('twoStep.setUp')}</Button>
          </Group>
        )}
      </Stack>
      <Modal opened={setupOpen} onClose={setup.close} title={t('twoStep.setUpTitle')} size="md">
        {setupOpen && <TwoStepSetup onDone={setup.close} />}
      </Modal>
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action === 'off' ? t('twoStep.turnOffTitle') : t('twoStep.newCodesTitle')}
      >
        {action && <PasswordAction action={action} onDone={() => setAction(null)} />}
      </Modal>
    </Card>
  );
}

/** Turning off, or new recovery codes: both need the password; new codes are then shown once. */
function PasswordAction({ action, onDone }: { action: 'codes' | 'off'; onDone: () => void }) {
  const { t } = useTranslation('account');
  const disable = useDisableTwoStep();
  const renew = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes)
    return (
      <Stack>
        <RecoveryCodes codes={codes} />
        <Group justify="flex-end">
          <Button onClick={onDone}>{t('twoStep.savedCodes')}</Button>
        </Group>
      </Stack>
    );
  const off = action === 'off';
  return (
    <OwnPasswordForm
      intro={off ? t('twoStep.turnOffBody') : t('twoStep.newCodesBody')}
      mutationFn={(body) => (off ? disable.mutateAsync(body).then(() => null) : renew.mutateAsync(body))}
      onSuccess={(answer) => {
        if (answer) return setCodes(answer.recoveryCodes);
        notifications.show({ color: 'green', message: t('twoStep.turnedOff') });
        onDone();
      }}
      actions={(sending) => (
        <>
          <Button variant="default" onClick={onDone}>
            {t('twoStep.cancel')}
          </Button>
          <Button type="submit" color={off ? 'red' : undefined} loading={sending}>
            {off ? t('twoStep.turnOff') : t('twoStep.newCodes')}
          </Button>
        </>
      )}
    />
  );
}
