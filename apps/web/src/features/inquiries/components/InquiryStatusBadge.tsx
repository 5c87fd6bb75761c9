import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { inquiryStatusColor, inquiryStatusKey } from '../inquiry-status.ts';

/** The status as a coloured badge: the three known statuses translated, a legacy text as it is. */
export function InquiryStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('inquiries');
  const key = inquiryStatusKey(status);
  return (
    <Badge variant="light" color={inquiryStatusColor(status)} data-testid="inquiry-status">
      {key ? t(key) : status}
    </Badge>
  );
}

/** The status as text (the CSV, the timeline). */
export function useStatusText() {
  const { t } = useTranslation('inquiries');
  return (status: unknown) => {
    if (typeof status !== 'string') return '';
    const key = inquiryStatusKey(status);
    return key ? t(key) : status;
  };
}
