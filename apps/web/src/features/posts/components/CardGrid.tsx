import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReviewPost, reviewPostSchema } from '@preffy/api';
import { type DisqualificationChoice, isBlankRichText } from '@preffy/domain';
import { IconKeyboard } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, notifyError } from '../../../lib/api/client.ts';
import { useCompetition } from '../../../lib/api/competition.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import {
  type CardList,
  type CardView,
  cardsQuery,
  reviewKeys,
  setCard,
  useDisqualifyPost,
  useScorePost,
} from '../api/review.ts';
import { type ShortcutAction, clampCard, moveCard, nextToScore } from '../card-navigation.ts';
import { useCardShortcuts } from '../hooks/use-card-shortcuts.ts';
import { DeletePostDialog } from './DeletePostDialog.tsx';
import { UnsavedLeaveGuard } from '../../../components/forms/LeaveGuard.tsx';
import { ReviewCard } from './ReviewCard.tsx';
import { type Conflict, type Intent, ReviewConflictDialog } from './ReviewConflictDialog.tsx';
import { ShortcutsModal } from './ShortcutsModal.tsx';

/**
 * Three cards a row from lg (1200 px) only: at md (992 px) with the menu open a card is 229 px wide
 * and its player 203 px; even at 1280 px with the menu open the player is 299 px (330 px needs
 * about 1370 px, or 1180 px with the menu collapsed). The player shrinks, it never overflows.
 */
const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 };

/**
 * The review cards of one competition (the queue, or the posts with 0 likes): a grid of three
 * columns from lg up (two from sm, one on phones), 10 at a time with Load More, driven by mouse or
 * keyboard. The keys act while the focus is on the page itself or inside the grid; L and K move on
 * to the next card that is not yet Done.
 */
export function CardGrid({
  list,
  competitionId,
  canAct,
  emptyText,
  countText,
  view,
}: {
  list: CardList;
  competitionId: string;
  canAct: boolean;
  emptyText: string;
  countText: (count: number) => string;
  /** The queue's order and risk filter. */
  view?: CardView;
}) {
  const { t } = useTranslation('posts');
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(cardsQuery(list, competitionId, view));
  // The Delete dialog offers 'Creative Direction Issue' only when there is a direction to miss.
  const competition = useCompetition(competitionId);
  const cards = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const [rawCurrent, setCurrent] = useState(0);
  const current = clampCard(rawCurrent, cards.length);
  const elements = useRef(new Map<string, HTMLDivElement>());
  const gridRef = useRef<HTMLDivElement>(null);
  const focusWanted = useRef(false);
  const [deleting, setDeleting] = useState<ReviewPost | null>(null);
  const [choice, setChoice] = useState<DisqualificationChoice | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [help, setHelp] = useState(false);
  const score = useScorePost(list, competitionId);
  const disqualify = useDisqualifyPost(list, competitionId);
  const submission = useSubmissionKey();
  // The card boxes (link, likes) holding unsaved text: leaving the screen asks first.
  const [dirtyBoxes, setDirtyBoxes] = useState<ReadonlySet<string>>(new Set());
  const onDirty = useCallback(
    (box: string, dirty: boolean) =>
      setDirtyBoxes((boxes) => {
        if (boxes.has(box) === dirty) return boxes;
        const next = new Set(boxes);
        if (dirty) next.add(box);
        else next.delete(box);
        return next;
      }),
    [],
  );

  const currentId = cards[current]?.id;
  useEffect(() => {
    // The card a key moved to takes the focus (and its ring) and scrolls into view.
    if (!focusWanted.current || !currentId) return;
    const element = elements.current.get(currentId);
    if (!element) return;
    focusWanted.current = false;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [currentId, cards.length]);
  const goTo = (index: number) => {
    focusWanted.current = true;
    setCurrent(index);
    // Moving onto the card that is already current still brings it back into view.
    if (cards[index]?.id === currentId) {
      const element = currentId ? elements.current.get(currentId) : undefined;
      element?.focus({ preventScroll: true });
      element?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      focusWanted.current = false;
    }
  };

  const replaceCard = useCallback(
    (post: ReviewPost, stored: ReviewPost) =>
      setCard(
        queryClient,
        list,
        competitionId,
        post.id,
        stored.deleted ? null : stored,
        (stored.deleted && !post.deleted) || (post.bonusLikes === null && stored.bonusLikes !== null),
      ),
    [queryClient, list, competitionId],
  );

  const failed = (post: ReviewPost, intent: Intent) => (error: unknown) => {
    setBusyId(null);
    setChoice(null);
    if (error instanceof ApiError && error.body.code === 'VERSION_CONFLICT') {
      const stored = reviewPostSchema.safeParse(error.body.current);
      if (stored.success) {
        setDeleting(null);
        // A 409's record comes from the posts row alone: the card keeps the referrals it counted.
        setConflict({ post, current: { ...stored.data, referralCount: post.referralCount }, intent });
        return;
      }
      // No stored record in the answer: the whole list is read again, and the reviewer told so.
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.cards(list, competitionId) });
      notifications.show({ color: 'yellow', message: t('conflict.reloaded') });
      return;
    }
    notifyError(error);
  };

  const run = (post: ReviewPost, intent: Intent, version = post.version, onScored?: () => void) => {
    if (intent.kind === 'score') {
      setBusyId(post.id);
      score.mutate(
        { post, version, score: intent.score },
        {
          onSuccess: () => {
            setBusyId(null);
            onScored?.();
          },
          onError: failed(post, intent),
        },
      );
      return;
    }
    const body = { id: post.id, version, choice: intent.choice };
    setChoice(intent.choice);
    setBusyId(post.id);
    disqualify.mutate(
      { post, version, choice: intent.choice, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: ({ post: deleted }) => {
          submission.succeeded();
          setBusyId(null);
          setChoice(null);
          setDeleting(null);
          focusWanted.current = true;
          notifications.show({
            color: 'green',
            message:
              deleted.disqualification && deleted.disqualification !== 'none'
                ? t('delete.deletedWithEmail', {
                    choice: t(`delete.choices.${deleted.disqualification}`),
                    email: deleted.email,
                  })
                : t('delete.deletedNoEmail'),
          });
        },
        onError: failed(post, intent),
      },
    );
  };

  /** Load More, then the first new card becomes current (unless the reviewer moved meanwhile). */
  const loadMoreFrom = (from: number) => {
    if (query.isFetchingNextPage) return;
    const before = cards.length;
    void query.fetchNextPage().then((r) => {
      const after = r.data?.pages.flatMap((p) => p.items).length ?? before;
      if (after <= before) return;
      focusWanted.current = true;
      setCurrent((now) => (clampCard(now, before) === from ? before : now));
    });
  };
  const scoreCurrent = (which: 'love' | 'like') => {
    const post = cards[current];
    if (!canAct || !post || post.bonusLikes !== null || post.deleted || busyId) return;
    // Once saved, on to the next card still to score (scoring keeps every card in its place).
    const from = current;
    const done = cards.map((c) => c.bonusLikes !== null || c.deleted);
    const hasMore = !!query.hasNextPage;
    run(post, { kind: 'score', score: which }, post.version, () => {
      const move = nextToScore(from, done, hasMore);
      if (move.loadMore) return loadMoreFrom(from);
      if (move.index === from) return;
      focusWanted.current = true;
      setCurrent((now) => (clampCard(now, done.length) === from ? move.index : now));
    });
  };
  const next = () => {
    const move = moveCard(current, cards.length, 'next', !!query.hasNextPage);
    if (move.loadMore) return loadMoreFrom(current);
    goTo(move.index);
  };
  const onShortcut = (action: ShortcutAction) => {
    const post = cards[current];
    if (action === 'love' || action === 'like') scoreCurrent(action);
    else if (action === 'delete') {
      if (canAct && post && !post.deleted && !busyId) setDeleting(post);
    } else if (action === 'next') next();
    else if (action === 'previous') goTo(moveCard(current, cards.length, 'previous', false).index);
    else setHelp(true);
  };
  useCardShortcuts(gridRef, onShortcut, setCurrent);

  if (query.isPending)
    return (
      <Center py="xl">
        <Group>
          <Loader size="sm" />
          <Text c="dimmed">{t('queue.loading')}</Text>
        </Group>
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" title={t('queue.error')}>
        <Button variant="default" size="xs" onClick={() => void query.refetch()}>
          {t('queue.retry')}
        </Button>
      </Alert>
    );

  return (
    <Stack ref={gridRef}>
      <Group justify="space-between">
        <Text fw={500} data-testid="cards-waiting">
          {countText(total)}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconKeyboard size={16} />}
          onClick={() => setHelp(true)}
          title={t('queue.shortcutsHint')}
        >
          {t('queue.shortcutsButton')}
        </Button>
      </Group>
      {cards.length === 0 ? (
        <Alert color="green" data-testid="cards-empty">
          {emptyText}
        </Alert>
      ) : (
        <SimpleGrid cols={GRID_COLUMNS} spacing="md">
          {cards.map((post, index) => (
            <ReviewCard
              key={post.id}
              post={post}
              list={list}
              competitionId={competitionId}
              current={index === current}
              cardRef={(element) => {
                if (element) elements.current.set(post.id, element);
                else elements.current.delete(post.id);
              }}
              onFocus={() => setCurrent(index)}
              actions={{
                canAct,
                busy: busyId === post.id,
                onScore: (which) => run(post, { kind: 'score', score: which }),
                onDelete: () => setDeleting(post),
                onReload: (stored) => replaceCard(post, { ...stored, referralCount: post.referralCount }),
                onDirty,
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {query.hasNextPage && (
        <Center>
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {t('queue.loadMore')}
          </Button>
        </Center>
      )}
      {deleting && (
        <DeletePostDialog
          post={deleting}
          hasCreativeDirection={!isBlankRichText(competition.data?.competition.creativeDirection)}
          pending={choice}
          onChoose={(c) => run(deleting, { kind: 'delete', choice: c })}
          onClose={() => {
            if (choice === null) setDeleting(null);
          }}
        />
      )}
      {conflict && (
        <ReviewConflictDialog
          conflict={conflict}
          onReload={() => {
            replaceCard(conflict.post, conflict.current);
            setConflict(null);
          }}
          onOverwrite={() => {
            const { current: stored, intent } = conflict;
            setConflict(null);
            run(stored, intent, stored.version);
          }}
          onClose={() => setConflict(null)}
        />
      )}
      {dirtyBoxes.size > 0 && <UnsavedLeaveGuard namespace="posts" />}
      {help && <ShortcutsModal canAct={canAct} onClose={() => setHelp(false)} />}
    </Stack>
  );
}
