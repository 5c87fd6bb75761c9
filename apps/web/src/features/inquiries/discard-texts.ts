import { useTranslation } from 'react-i18next';
import type { DiscardTexts } from '../../components/forms/discard-changes.tsx';

/** The inquiry forms' words for dropping unsaved changes (Add, Update, Add A Note). */
export function useInquiryDiscardTexts(): DiscardTexts {
  const { t } = useTranslation('inquiries');
  return { title: t('form.discardTitle'), body: t('form.discardBody'), discard: t('form.discard') };
}
