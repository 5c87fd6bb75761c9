import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../../components/forms/LeaveGuard.tsx';

/**
 * Mounted while the promotion form has unsaved changes: leaving the page (a link, back, a
 * reload, closing the tab) asks first, as closing the form does.
 */
export function PromotionLeaveGuard() {
  const { t } = useTranslation('promotions');
  return (
    <LeaveGuard
      texts={{
        title: t('form.discardTitle'),
        body: t('form.discardBody'),
        stay: t('cancel', { ns: 'common' }),
        leave: t('form.discard'),
      }}
      leaveTestId="confirm-leave-promotion"
    />
  );
}
