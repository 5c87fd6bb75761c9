import { Button, Modal, Stack, Text } from '@mantine/core';
import type { ReviewPost } from '@preffy/api';
import { type DisqualificationChoice, disqualificationChoicesFor } from '@preffy/domain';
import { useTranslation } from 'react-i18next';

/**
 * Delete from review: 'Confirm deletion', and one button per choice (No Email, or one of the
 * Post Disqualification emails to the creator; Creative Direction Issue only when the
 * competition has a creative direction). Choosing is the confirmation.
 */
export function DeletePostDialog({
  post,
  hasCreativeDirection,
  pending,
  onChoose,
  onClose,
}: {
  post: ReviewPost;
  hasCreativeDirection: boolean;
  /** The choice being sent, if any. */
  pending: DisqualificationChoice | null;
  onChoose: (choice: DisqualificationChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened onClose={onClose} title={t('delete.title')} centered>
      <Stack>
        <Text fw={500}>{t('delete.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('delete.emailHint', { email: post.email })}
        </Text>
        {disqualificationChoicesFor(hasCreativeDirection).map((choice, i) => (
          <Button
            key={choice}
            color={choice === 'none' ? 'gray' : 'red'}
            variant={choice === 'none' ? 'default' : 'light'}
            data-autofocus={i === 0 || undefined}
            loading={pending === choice}
            disabled={pending !== null && pending !== choice}
            onClick={() => onChoose(choice)}
          >
            {t(`delete.choices.${choice}`)}
          </Button>
        ))}
        <Button variant="subtle" onClick={onClose} disabled={pending !== null}>
          {t('cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
