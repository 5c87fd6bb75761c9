import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../../components/forms/LeaveGuard.tsx';

/** Mounted while the Start or Update form has unsaved changes: leaving asks first. */
export function CompetitionLeaveGuard() {
  const { t } = useTranslation('competitions');
  return (
    <LeaveGuard
      texts={{
        title: t('unsaved.title'),
        body: t('unsaved.body'),
        stay: t('unsaved.stay'),
        leave: t('unsaved.leave'),
      }}
      leaveTestId="confirm-leave-competition"
    />
  );
}
