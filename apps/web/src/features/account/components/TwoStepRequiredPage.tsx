import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { useSignOut } from './LockScreen.tsx';
import { TwoStepSetup } from './TwoStepSetup.tsx';

/**
 * Administrators require two-step verification for admins and staff: until this user sets it
 * up, this page is all the app shows (the server answers 403 TWO_STEP_SETUP_REQUIRED to the rest).
 */
export function TwoStepRequiredPage() {
  const { t } = useTranslation('account');
  const signOut = useSignOut();
  return (
    <AuthCard title={t('twoStep.requiredTitle')}>
      <Text size="sm">{t('twoStep.requiredBody')}</Text>
      {/* Done reads the session again, which then opens the app. */}
      <TwoStepSetup onDone={() => undefined} />
      <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
        {t('lock.signOut')}
      </Anchor>
    </AuthCard>
  );
}
