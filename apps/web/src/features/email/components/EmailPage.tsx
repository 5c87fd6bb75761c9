import { Anchor, Button, NumberFormatter, Stack, Switch, Text } from '@mantine/core';
import { IconMail, IconTextPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkSelection, type Subscriber, email } from '@preffy/api';
import { ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { emailKeys } from '../api/email.ts';
import { OutreachModal } from './OutreachModal.tsx';
import { SendEmailModal, type SendEmailInitial } from './SendEmailModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';

/**
 * The Email page (doc 1 section 2): pick subscribers, across pages or every one matching a
 * search, then send them a Fancy, Promotion, Basic or new-competition email. With `announce`
 * (a competition id, from the competitions' row menu) it opens on that competition's
 * announcement to every subscriber listed; `onAnnounceClosed` then forgets it.
 */
export function EmailPage({
  announce,
  onAnnounceClosed,
}: {
  announce?: string;
  onAnnounceClosed?: () => void;
} = {}) {
  const { t } = useTranslation('email');
  const table = useServerTable({ key: emailKeys.subscribers, endpoint: email.subscribers, sortBy: 'email' });
  const [picked, setPicked] = useState<Subscriber[]>([]);
  // "All matching" keeps the search it was made with, minus the rows unticked since.
  const [allState, setAll] = useState<{ search: string | undefined; excluded: Set<string> } | null>(null);
  // The modal keeps the selection and count it was opened with, also after the page clears them.
  const [sending, setSending] = useState<{
    selection: BulkSelection;
    count: number;
    initial?: SendEmailInitial;
  } | null>(null);
  const [announced, setAnnounced] = useState<string | null>(null);
  const [reaching, setReaching] = useState<{ selection: BulkSelection; count: number } | null>(null);
  const [dense, setDense] = useState(false);
  const total = table.total;
  const records = table.rows;
  // A new search ends "all matching" for good: going back to the old search does not bring back
  // its exclusions (React's pattern for state that follows a changed value, without an effect).
  if (allState && allState.search !== table.appliedSearch) setAll(null);
  const all = allState && allState.search === table.appliedSearch ? allState : null;

  const count = all ? total - all.excluded.size : picked.length;
  const selectedRecords = all ? records.filter((r) => !all.excluded.has(r.email)) : picked;
  const onSelectedRecordsChange = (next: Subscriber[]) => {
    if (!all) return setPicked(next);
    const chosen = new Set(next.map((r) => r.email));
    const excluded = new Set(all.excluded);
    for (const r of records) {
      if (chosen.has(r.email)) excluded.delete(r.email);
      else excluded.add(r.email);
    }
    setAll({ ...all, excluded });
  };
  const clear = () => {
    setPicked([]);
    setAll(null);
  };
  // Once the subscribers are counted, the announcement opens for all of them (once per id).
  if (announce && announce !== announced && table.query.isSuccess && !table.query.isPlaceholderData) {
    setAnnounced(announce);
    setSending({
      selection: { all: true, search: table.appliedSearch },
      count: total,
      initial: { type: 'new-competition', competitionId: announce },
    });
  }
  const closeSending = () => {
    if (sending?.initial) onAnnounceClosed?.();
    setSending(null);
  };
  const selection: BulkSelection = all
    ? { all: true, search: all.search, exclude: [...all.excluded] }
    : { emails: picked.map((p) => p.email) };

  return (
    <Stack>
      <PageHeader title={t('title')}>
        <Anchor component={Link} to="/preffy/outbox">
          {t('openOutbox')}
        </Anchor>
      </PageHeader>
      <ServerTable
        table={table}
        columns={[
          { key: 'email', title: t('emailColumn'), sortKey: 'email' },
          { key: 'paypal', title: t('paypal') },
          {
            key: 'balance',
            title: t('balance'),
            sortKey: 'balance',
            textAlign: 'right',
            cell: (s) => <NumberFormatter prefix="$" value={s.balance} thousandSeparator decimalScale={2} />,
          },
          {
            key: 'isVetted',
            title: t('vetted'),
            cell: (s) => (s.isVetted ? t('common.yes') : t('common.no')),
          },
        ]}
        idKey="email"
        search={{ label: t('search'), width: 360 }}
        actions={
          <>
            <Switch label={t('dense')} checked={dense} onChange={(e) => setDense(e.currentTarget.checked)} />
            <Text size="sm" data-testid="selected-count">
              {t('selected', { count })}
            </Text>
            {!all && total > 0 && (
              <Button
                variant="light"
                onClick={() => setAll({ search: table.appliedSearch, excluded: new Set() })}
              >
                {t('selectAllMatching', { count: total })}
              </Button>
            )}
            {count > 0 && (
              <Button variant="subtle" onClick={clear}>
                {t('clearSelection')}
              </Button>
            )}
            <Button
              leftSection={<IconMail size={16} />}
              disabled={count === 0}
              onClick={() => setSending({ selection, count })}
            >
              {t('sendButton')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconTextPlus size={16} />}
              disabled={count === 0}
              onClick={() => setReaching({ selection, count })}
            >
              {t('outreach.button')}
            </Button>
          </>
        }
        emptyText={t('noRecords')}
        selection={{
          selected: selectedRecords,
          onChange: onSelectedRecordsChange,
          pageLabel: t('selectPage'),
          rowLabel: (s) => s.email,
        }}
        dense={dense}
      />
      {sending && (
        <SendEmailModal
          selection={sending.selection}
          count={sending.count}
          initial={sending.initial}
          onClose={closeSending}
          onSent={clear}
        />
      )}
      {reaching && (
        <OutreachModal
          selection={reaching.selection}
          count={reaching.count}
          onClose={() => setReaching(null)}
          onSent={clear}
        />
      )}
    </Stack>
  );
}
