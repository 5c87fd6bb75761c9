import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type UseFormInput, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MAX_POST_COUNT, type ReviewPost } from '@preffy/api';
import { editPostSchema, isNoteOnly } from '@preffy/domain';
import { IconExternalLink, IconHeart, IconThumbUp, IconTrash } from '@tabler/icons-react';
import { type Ref, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PostEmbed, REVIEW_EMBED } from '../../../components/posts/PostEmbed.tsx';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { type CardList, useUpdatePost } from '../api/review.ts';
import { flagMessage } from '../flag-messages.ts';
import { CountryCompare } from './CountryCompare.tsx';

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
  const timeZone = useBusinessTimeZone();
  const language = currentLanguage();
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  const scored = post.bonusLikes !== null;
  const { canAct } = actions;
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
          <PostEmbed
            platform={post.platform}
            postId={post.postId}
            link={post.link}
            title={post.creator}
            size={REVIEW_EMBED}
          />
        </Group>
        <Group gap="md">
          <Anchor href={post.link} target="_blank" rel="noopener noreferrer">
            <Group gap={4} component="span">
              {t('card.link')} <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          {post.profileUrl ? (
            <Anchor href={post.profileUrl} target="_blank" rel="noopener noreferrer">
              <Group gap={4} component="span">
                {t('card.vet')} <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
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
          <Stat label={t('card.views')} value={count(post.views)} />
          <Stat label={t('card.likes')} value={count(post.likes)} />
          <Stat label={t('card.comments')} value={count(post.comments)} />
        </SimpleGrid>
        {post.flags.length > 0 && (
          <List size="sm" spacing={2} aria-label={t('card.notes')} data-testid="card-flags">
            {post.flags.map((flag, i) => (
              <List.Item key={`${flag.code}-${i}`}>
                <Text size="sm" c={isNoteOnly(flag, post.platform) ? 'orange' : 'red'} fw={500}>
                  {flagMessage(flag, { t, language, timeZone })}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm" data-testid="card-referrals">
          {t('card.referrals', { count: post.referralCount })}
        </Text>
        {canAct && (
          <LinkBox
            post={post}
            list={list}
            competitionId={competitionId}
            onReload={actions.onReload}
            onDirty={(dirty) => actions.onDirty(`${post.id}:link`, dirty)}
          />
        )}
        {canAct && list === 'zeroLikes' && (
          <LikesBox
            post={post}
            list={list}
            competitionId={competitionId}
            onReload={actions.onReload}
            onDirty={(dirty) => actions.onDirty(`${post.id}:likes`, dirty)}
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

const linkRules = zodValidate<{ link: string }>(editPostSchema.pick({ link: true }));

/** The editable link box: saves the link with the card's version; errors under the field. */
function LinkBox({
  post,
  list,
  competitionId,
  onReload,
  onDirty,
}: {
  post: ReviewPost;
  list: CardList;
  competitionId: string;
  onReload: (current: ReviewPost) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('posts');
  const update = useUpdatePost(list, competitionId);
  const { form, dirty, show } = useCardFieldForm({ link: post.link }, linkRules, onDirty);
  const save = useFormMutation({
    form,
    mutationFn: (body: { link: string; version: number }) => update.mutateAsync({ post, body }),
    onSuccess: ({ post: saved }) => {
      show({ link: saved.link });
      notifications.show({ color: 'green', message: t('card.linkSaved') });
    },
    conflict: {
      title: t('conflict.title'),
      valuesOf: (current: ReviewPost) => ({ link: current.link }),
      read: { link: post.link },
      label: () => t('conflict.fields.link'),
      onReload: (current) => {
        show({ link: current.link });
        onReload(current);
      },
      overwrite: (current) => ({ link: form.getValues().link.trim(), version: current.version }),
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((v) => save.submit({ link: v.link.trim(), version: post.version }))}
      noValidate
    >
      <Group gap="xs" align="start" wrap="nowrap">
        <TextInput label={t('card.linkBox')} size="xs" style={{ flex: 1 }} {...form.getInputProps('link')} />
        <Button type="submit" size="xs" mt={22} variant="default" loading={form.submitting} disabled={!dirty}>
          {t('card.saveLink')}
        </Button>
      </Group>
      {save.conflictDialog}
    </form>
  );
}

const likesRules = zodValidate<{ likes: number | string }>(editPostSchema.pick({ likes: true }));

/** The 0-likes card's manual likes: Update saves them with the card's version. */
function LikesBox({
  post,
  list,
  competitionId,
  onReload,
  onDirty,
}: {
  post: ReviewPost;
  list: CardList;
  competitionId: string;
  onReload: (current: ReviewPost) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('posts');
  const update = useUpdatePost(list, competitionId);
  const { form, dirty, show } = useCardFieldForm<{ likes: number | string }>(
    { likes: post.likes },
    likesRules,
    onDirty,
  );
  const save = useFormMutation({
    form,
    mutationFn: (body: { likes: number; version: number }) => update.mutateAsync({ post, body }),
    onSuccess: ({ post: saved }) => {
      show({ likes: saved.likes });
      notifications.show({
        color: saved.deleted ? 'yellow' : 'green',
        message: saved.deleted ? t('zeroLikes.removedByFlags') : t('zeroLikes.saved', { likes: saved.likes }),
      });
    },
    conflict: {
      title: t('conflict.title'),
      valuesOf: (current: ReviewPost) => ({ likes: current.likes }),
      read: { likes: post.likes },
      label: () => t('conflict.fields.likes'),
      onReload: (current) => {
        show({ likes: current.likes });
        onReload(current);
      },
      overwrite: (current) => ({ likes: Number(form.getValues().likes), version: current.version }),
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((v) => save.submit({ likes: Number(v.likes), version: post.version }))}
      noValidate
    >
      <Group gap="xs" align="start" wrap="nowrap">
        <NumberInput
          label={t('zeroLikes.likes')}
          size="xs"
          min={0}
          max={MAX_POST_COUNT}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator
          style={{ flex: 1 }}
          {...form.getInputProps('likes')}
        />
        <Button type="submit" size="xs" mt={22} loading={form.submitting} disabled={!dirty}>
          {t('zeroLikes.update')}
        </Button>
      </Group>
      {save.conflictDialog}
    </form>
  );
}

/**
 * A card's one-field form (the link box, the likes input): it follows the stored value until
 * the reviewer types (a refetch or a reload after a conflict never overwrites their text), and
 * reports whether it holds unsaved text. `show` makes a value the stored one.
 */
function useCardFieldForm<V extends Record<string, unknown>>(
  stored: V,
  validate: UseFormInput<V>['validate'],
  onDirty: (dirty: boolean) => void,
) {
  const form = useForm<V>({ initialValues: stored, validate });
  const show = (values: V) => {
    form.setInitialValues(values);
    form.setValues(values);
  };
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    if (!form.isDirty()) show(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new stored value resets the box
  }, [storedKey]);
  const dirty = form.isDirty();
  useEffect(() => {
    onDirty(dirty);
    return () => onDirty(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when it changes, and on leaving
  }, [dirty]);
  return { form, dirty, show };
}
