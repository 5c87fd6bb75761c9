import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ReviewPost } from '@preffy/api';
import { editPostSchema, isNoteOnly } from '@preffy/domain';
import { IconExternalLink, IconHeart, IconThumbUp, IconTrash } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PostEmbed, REVIEW_EMBED } from '../../../components/posts/PostEmbed.tsx';
import { PostCountInput } from '../../../components/forms/PostCountInput.tsx';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import type { CardList } from '../api/review.ts';
import { FlagList } from './FlagList.tsx';
import { RiskBadge } from './RiskBadge.tsx';
import { CardFieldEditor } from './CardFieldEditor.tsx';
import { CountryCompare } from './CountryCompare.tsx';
import { ExternalLink } from '../../../components/ExternalLink.tsx';
import { countText, viewsText } from '../../../components/posts/views-text.ts';
import { refreshFailureText } from '../../../components/jobs/refresh-failures.ts';

export type CardActions = {
  /** Staff act; organizers see the card read-only. */
  canAct: boolean;
  /** Love or Like (or Delete) of this card is under way. */
  busy: boolean;
  onScore: (score: 'love' | 'like') => void;
  onDelete: () => void;
  /** The stored post replaces the card (after a conflict). */
  onReload: (current: ReviewPost) => void;
  /** A box of the card (link, likes) holds unsaved text, or no longer does. */
  onDirty: (box: string, dirty: boolean) => void;
};

/**
 * One post to review: its video, links, creator, countries, numbers, flags, link box, referrals
 * and the Love / Like / Delete buttons. The current card (keyboard) wears a ring.
 */
export function ReviewCard({
  post,
  list,
  competitionId,
  current,
  cardRef,
  onFocus,
  actions,
}: {
  post: ReviewPost;
  list: CardList;
  competitionId: string;
  current: boolean;
  cardRef: Ref<HTMLDivElement>;
  onFocus: () => void;
  actions: CardActions;
}) {
  const { t } = useTranslation('posts');
  const language = currentLanguage();
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  const scored = post.bonusLikes !== null;
  const { canAct } = actions;
  // What the link and likes editors share: the post, where it is listed, and the grid's reload.
  const editorBase = { post, list, competitionId, onReload: actions.onReload };
  const dirtyOf = (field: string) => (dirty: boolean) => actions.onDirty(`${post.id}:${field}`, dirty);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      ref={cardRef}
      tabIndex={0}
      onFocus={onFocus}
      aria-label={t('card.label', { creator: post.creator })}
      aria-current={current ? 'true' : undefined}
      data-testid="review-card"
      style={{
        outline: current ? '3px solid var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: 2,
        scrollMarginTop: 80,
      }}
    >
      <Stack gap="xs">
        <Group justify="center">
          <PostEmbed video={post} title={post.creator} size={REVIEW_EMBED} />
        </Group>
        <Group gap="md">
          <ExternalLink href={post.link}>
            <Group gap={4} component="span">
              {t('card.link')} <IconExternalLink size={14} aria-hidden />
            </Group>
          </ExternalLink>
          {post.profileUrl ? (
            <ExternalLink href={post.profileUrl}>
              <Group gap={4} component="span">
                {t('card.vet')} <IconExternalLink size={14} aria-hidden />
              </Group>
            </ExternalLink>
          ) : (
            <Text size="sm" c="dimmed">
              {t('card.noProfile')}
            </Text>
          )}
        </Group>
        <div>
          <Text fw={600} truncate>
            {post.creator}
          </Text>
          <Text size="sm" truncate data-testid="card-email">
            {post.email}
          </Text>
        </div>
        <CountryCompare provider={post.providerCountry} stored={post.country} />
        <SimpleGrid cols={3} spacing="xs">
          <Stat
            label={t('card.views')}
            value={
              post.viewsKind === 'reported' ? countText(post.views, post, count) : viewsText(post, count)
            }
          />
          <Stat label={t('card.likes')} value={countText(post.likes, post, count)} />
          <Stat label={t('card.comments')} value={countText(post.comments, post, count)} />
        </SimpleGrid>
        {post.statsFailure && (
          <Text size="sm" c="orange.9" data-testid="card-refresh-failure">
            {t('card.refreshFailed', { reason: refreshFailureText(post.statsFailure) })}
          </Text>
        )}
        {post.risk.score > 0 && <RiskBadge risk={post.risk} />}
        {post.flags.length > 0 && (
          <FlagList
            flags={post.flags}
            colorOf={(flag) => (isNoteOnly(flag, post.platform) ? 'orange' : 'red')}
            label={t('card.notes')}
            testId="card-flags"
          />
        )}
        <Text size="sm" data-testid="card-referrals">
          {t('card.referrals', { count: post.referralCount })}
        </Text>
        {post.duplicateAttempts > 0 && (
          // Someone tried to enter this video again: the errors view lists who and when.
          <Text size="sm" c="orange" data-testid="card-duplicate-attempts">
            {t('card.duplicateAttempts', { count: post.duplicateAttempts })}
          </Text>
        )}
        {canAct && (
          <CardFieldEditor
            {...editorBase}
            field="link"
            rules={linkRules}
            valueOf={(text) => String(text).trim()}
            input={(props) => (
              <TextInput label={t('card.linkBox')} size="xs" style={{ flex: 1 }} {...props} />
            )}
            submit={{ label: t('card.saveLink'), variant: 'default' }}
            savedNotice={() => ({ color: 'green', message: t('card.linkSaved') })}
            onDirty={dirtyOf('link')}
          />
        )}
        {canAct && list === 'zeroLikes' && (
          <CardFieldEditor
            {...editorBase}
            field="likes"
            rules={likesRules}
            valueOf={Number}
            input={(props) => (
              <PostCountInput label={t('zeroLikes.likes')} size="xs" style={{ flex: 1 }} {...props} />
            )}
            submit={{ label: t('zeroLikes.update') }}
            savedNotice={(saved) => ({
              color: saved.deleted ? 'yellow' : 'green',
              message: saved.deleted
                ? t('zeroLikes.removedByFlags')
                : t('zeroLikes.saved', { likes: saved.likes }),
            })}
            onDirty={dirtyOf('likes')}
          />
        )}
        {post.deleted && (
          <Badge color="red" variant="light">
            {t('card.removed')}
          </Badge>
        )}
        {canAct && !post.deleted && (
          <Group gap="xs" grow>
            {scored ? (
              <Button disabled variant="light">
                {t('card.done')}
              </Button>
            ) : (
              <>
                <Button
                  color="pink"
                  leftSection={<IconHeart size={16} />}
                  loading={actions.busy}
                  onClick={() => actions.onScore('love')}
                >
                  {t('card.love')}
                </Button>
                <Button
                  leftSection={<IconThumbUp size={16} />}
                  loading={actions.busy}
                  onClick={() => actions.onScore('like')}
                >
                  {t('card.like')}
                </Button>
              </>
            )}
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={16} />}
              disabled={actions.busy}
              onClick={actions.onDelete}
            >
              {t('card.delete')}
            </Button>
          </Group>
        )}
        {!canAct && scored && (
          <Badge variant="light">{t('card.scored', { score: post.creativityScore })}</Badge>
        )}
      </Stack>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

const linkRules = zodValidate<{ link: string | number }>(editPostSchema.pick({ link: true }));
const likesRules = zodValidate<{ likes: string | number }>(editPostSchema.pick({ likes: true }));
