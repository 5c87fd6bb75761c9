import { useTranslation } from 'react-i18next';
import { LeaveGuard as AskBeforeLeaving } from '../../../components/forms/LeaveGuard.tsx';

const competitionOf = (search: object) => (search as { id?: string }).id;

/**
 * Mounted while step 1 holds choices not yet saved (waiting, being saved, or failed): leaving
 * (another page, another competition, back, a reload) asks first.
 */
export function LeaveGuard() {
  const { t } = useTranslation('finish');
  return (
    <AskBeforeLeaving
      texts={{
        title: t('leave.title'),
        body: t('leave.body'),
        stay: t('leave.stay'),
        leave: t('leave.leave'),
      }}
      blocks={({ current, next }) =>
        current.pathname !== next.pathname || competitionOf(current.search) !== competitionOf(next.search)
      }
      leaveTestId="leave-anyway"
    />
  );
}
