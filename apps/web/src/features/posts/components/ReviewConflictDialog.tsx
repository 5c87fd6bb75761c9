import type { ReviewPost } from '@preffy/api';
import { type DisqualificationChoice, REVIEW_SCORES } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { VersionConflictDialog } from '../../../components/forms/VersionConflictDialog.tsx';

/** What Love, Like or Delete meant to do, to show it beside the stored post after a 409. */
export type Intent =
  { kind: 'score'; score: 'love' | 'like' } | { kind: 'delete'; choice: DisqualificationChoice };
export type Conflict = { post: ReviewPost; current: ReviewPost; intent: Intent };

type ConflictValues = { link: string; likes: number; creativityScore: number; status: string };

/** A stale Love, Like or Delete: what the other person saved beside what this reviewer meant. */
export function ReviewConflictDialog({
  conflict,
  onReload,
  onOverwrite,
  onClose,
}: {
  conflict: Conflict;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('posts');
  const valuesOf = (p: ReviewPost): ConflictValues => ({
    link: p.link,
    likes: p.likes,
    creativityScore: p.creativityScore,
    status: t(`conflict.status.${p.deleted ? 'deleted' : p.bonusLikes !== null ? 'scored' : 'waiting'}`),
  });
  const read = valuesOf(conflict.post);
  const { intent } = conflict;
  const mine: ConflictValues =
    intent.kind === 'score'
      ? { ...read, creativityScore: REVIEW_SCORES[intent.score], status: t('conflict.status.scored') }
      : { ...read, status: t('conflict.status.deleted') };
  return (
    <VersionConflictDialog<ConflictValues>
      title={t('conflict.title')}
      mine={mine}
      theirs={valuesOf(conflict.current)}
      read={read}
      label={(field) => t(`conflict.fields.${field}`)}
      onReload={onReload}
      onOverwrite={onOverwrite}
      onClose={onClose}
    />
  );
}
