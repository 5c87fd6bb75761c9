import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnseenCount } from '../api/unseen-count.ts';

/** The sidebar's Inquiries entry: how many are Unseen (nothing while none are). */
export function UnseenInquiriesBadge() {
  const { t } = useTranslation('inquiries');
  const query = useUnseenCount(true);
  const count = query.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      variant="filled"
      title={t('unseenCount', { count })}
      data-testid="unseen-inquiries"
    >
      {count > 99 ? '99+' : count}
      {/* Read as 'Inquiries 2 (2 unseen)': the number alone would not say what it counts. */}
      <VisuallyHidden> ({t('unseenCount', { count })})</VisuallyHidden>
    </Badge>
  );
}
