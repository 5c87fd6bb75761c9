import { useTranslation } from 'react-i18next';
import { LeaveGuard as AskBeforeLeaving } from '../../../components/forms/LeaveGuard.tsx';

/**
 * Mounted while a card holds an unsaved link or likes: leaving the screen (a link, back, a
 * reload) asks first. Moving within the screen (the flagged table's page or search) does not.
 */
export function LeaveGuard() {
  const { t } = useTranslation('posts');
  return (
    <AskBeforeLeaving
      texts={{
        title: t('unsaved.title'),
        body: t('unsaved.body'),
        stay: t('unsaved.stay'),
        leave: t('unsaved.leave'),
      }}
    />
  );
}
