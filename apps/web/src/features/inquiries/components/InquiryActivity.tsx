import { Loader, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UNFORMATTABLE } from '../../../lib/format.ts';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { type ActivityText, describeActivity } from '../activity.ts';
import { activityQuery } from '../api/inquiries.ts';
import { useStatusText } from './InquiryStatusBadge.tsx';

/** The activity timeline, newest first: who, when, what. */
export function InquiryActivity({ id }: { id: string }) {
  const { t } = useTranslation('inquiries');
  // When it happened: a timestamp in the user's time zone, like every other 'when'.
  const when = useFormatTimestamp();
  const statusText = useStatusText();
  const query = useQuery(activityQuery(id));
  if (query.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (query.isError) return <Text c="red">{t('loadFailed')}</Text>;
  const entries = query.data.items;
  if (entries.length === 0) return <Text c="dimmed">{t('activity.empty')}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="inquiry-activity">
      {entries.map((entry) => {
        const who = entry.actorName ?? t('activity.nobody');
        const say = (what: ActivityText) => {
          if (what.key === 'other') return entry.action;
          if (what.key === 'updated' && !what.fields?.length) return t('activity.edited');
          const fields = (what.fields ?? []).map((f) =>
            t(`fields.${f}` as 'fields.email', { defaultValue: f }),
          );
          return t(`activity.${what.key}`, {
            from: statusText(what.from) || UNFORMATTABLE,
            to: what.key === 'status' ? statusText(what.to) : what.to,
            fields: fields.join(', '),
          });
        };
        return (
          <Timeline.Item key={entry.id} title={who}>
            {describeActivity(entry).map((what, i) => (
              <Text size="sm" key={i}>
                {say(what)}
              </Text>
            ))}
            <Text size="xs" c="dimmed">
              {when(entry.at)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
