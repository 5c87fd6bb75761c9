import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminPost, Competition } from '@preffy/api';
import { roleMeets } from '@preffy/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { ApiError, notifyError } from '../../../lib/api/client.ts';
import { useCompetition } from '../../../lib/api/competition.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useMe } from '../../../lib/session.ts';
import { CreatorSelect } from '../../../components/posts/CreatorSelect.tsx';
import { PickedPostCards } from '../../../components/posts/PostCards.tsx';
import { SearchableSelect } from '../../../components/forms/SearchableSelect.tsx';
import { referralCreatorsQuery, useResetReferrals } from '../api/referrals.ts';
import { ReferringLinksModal } from './ReferringLinksModal.tsx';
import { linkColumn } from '../../../components/posts/post-columns.tsx';
import { countColumn } from '../../../components/table/number-columns.ts';
import { useAllPostsTable } from '../../../components/posts/use-all-posts-table.ts';
import { formatCount } from '../../../lib/format.ts';

/**
 * The referral screens (/preffy/referrals?id): the Referral view (a promoting creator's posts as
 * embeds) and the Referral reset table (a creator's posts that have referrals, with Reset).
 */
export function ReferralsPage({
  id,
  email,
  creator,
  onChange,
}: {
  id: string | undefined;
  /** The Referral view's creator (a promotion's creator email). */
  email: string | undefined;
  /** The reset table's creator (a handle). */
  creator: string | undefined;
  onChange: (next: { email?: string; creator?: string }) => void;
}) {
  const { t } = useTranslation('referrals');
  const competition = useCompetition(id);
  if (!id || competition.isError) return <NotFoundPage />;
  const c = competition.data?.competition;
  if (!c) return <Loader />;
  return (
    <Stack>
      <PageHeader title={t('heading', { name: c.name || c.organizer })} />
      <Section title={t('viewTitle')}>
        <SearchableSelect
          label={t('emailLabel')}
          placeholder={t('emailPlaceholder')}
          nothingFound={t('noPromoters')}
          value={email ?? null}
          onChange={(next) => onChange({ email: next ?? undefined, creator })}
          query={(search) => referralCreatorsQuery(c.id, search)}
          optionsOf={(page) => page.items.map((e) => ({ value: e.email, label: e.email }))}
          testId="referral-email-select"
        />
        <PickedPostCards
          competitionId={c.id}
          picked={email ? { email } : null}
          emptyText={t('noPostsOf', { email })}
          pickText={t('pickEmail')}
        />
      </Section>
      <Section title={t('resetTitle')}>
        <CreatorSelect
          competitionId={c.id}
          value={creator ?? null}
          onChange={(next) => onChange({ email, creator: next ?? undefined })}
          testId="reset-creator-select"
        />
        {creator ? (
          <ResetTable competition={c} creator={creator} />
        ) : (
          <Text c="dimmed">{t('pickCreator')}</Text>
        )}
      </Section>
    </Stack>
  );
}

/** One of the page's two parts, boxed under its own heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The post as stored, from a Reset's 409 answer; null for any other failure. */
function resetConflictOf(error: unknown): { likes: number; bonusLikes: number | null } | null {
  if (!(error instanceof ApiError) || error.body.code !== 'VERSION_CONFLICT') return null;
  const current = error.body.current as { likes?: unknown; bonusLikes?: unknown } | null | undefined;
  if (!current || typeof current.likes !== 'number') return null;
  const bonus = current.bonusLikes;
  return { likes: current.likes, bonusLikes: typeof bonus === 'number' ? bonus : null };
}

function ResetTable({ competition, creator }: { competition: Competition; creator: string }) {
  const { t } = useTranslation('referrals');
  const me = useMe();
  const canReset = roleMeets(me.role, 'staff');
  const [viewing, setViewing] = useState<AdminPost | null>(null);
  const reset = useResetReferrals();
  const submissionKey = useSubmissionKey();
  const table = useAllPostsTable({
    competitionId: competition.id,
    creator,
    withReferrals: 'true',
    deleted: 'false',
  });
  const askReset = (post: AdminPost) =>
    confirmDestructive({
      title: t('resetConfirmTitle'),
      body: t('resetConfirmBody', {
        bonus: formatCount(post.bonusLikes),
        likes: formatCount(post.likes - (post.bonusLikes ?? 0)),
      }),
      confirm: t('reset'),
      testId: 'confirm-reset',
      onConfirm: () => {
        // The same post at the same version is the same reset: a retry reuses its key.
        const idempotencyKey = submissionKey.keyFor({ id: post.id, version: post.version });
        reset.mutate(
          { post, idempotencyKey },
          {
            onSuccess: () => {
              submissionKey.succeeded();
              notifications.show({ color: 'green', message: t('resetDone') });
            },
            onError: (error) => {
              // Someone changed the post since the table was read: say what it holds now (the
              // table is read again on settling) and reset nothing; the reviewer may Reset again.
              const current = resetConflictOf(error);
              if (!current) return notifyError(error);
              notifications.show({
                color: 'yellow',
                title: t('resetConflictTitle'),
                message: t('resetConflict', {
                  creator: post.creator,
                  likes: formatCount(current.likes),
                  bonus: formatCount(current.bonusLikes),
                }),
                autoClose: 10_000,
              });
            },
          },
        );
      },
    });

  const columns: Column<AdminPost>[] = [
    {
      key: 'id',
      title: t('columns.id'),
      cell: (p) => (
        <Text size="sm" ff="monospace">
          {p.id.slice(0, 8)}
        </Text>
      ),
    },
    linkColumn(t('columns.link')),
    countColumn('likes', t('columns.likes')),
    {
      key: 'bonusLikes',
      title: t('columns.bonusLikes'),
      textAlign: 'right',
      csv: (p) => p.bonusLikes ?? '',
      cell: (p) => <span data-testid="bonus-likes">{formatCount(p.bonusLikes)}</span>,
    },
    {
      key: 'view',
      title: t('columns.view'),
      csv: (p) => p.referralCount,
      cell: (p) => (
        <Button size="xs" variant="default" onClick={() => setViewing(p)}>
          {t('viewLinks', { count: p.referralCount })}
        </Button>
      ),
    },
    ...(canReset
      ? [
          {
            key: 'reset',
            title: t('columns.reset'),
            csv: false as const,
            cell: (p: AdminPost) => (
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={!p.bonusLikes}
                loading={reset.isPending && reset.variables?.post.id === p.id}
                onClick={() => askReset(p)}
              >
                {t('reset')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ServerTable
        table={table}
        columns={columns}
        search={false}
        csv={{ filename: 'referrals.csv' }}
        emptyText={t('noReferred', { creator })}
      />
      {viewing && <ReferringLinksModal post={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
