import { Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { submitPostSchema } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { useAddPost } from '../api/leaderboard.ts';
import { FormActions } from '../../../components/forms/FormActions.tsx';

interface Values {
  email: string;
  creator: string;
  link: string;
  likes: number | string;
  views: number | string;
}

/** Staff add one post by hand (also to a closed competition). */
export function AddPostModal({ competitionId, onClose }: { competitionId: string; onClose: () => void }) {
  const { t } = useTranslation('leaderboard');
  const addPost = useAddPost(competitionId);
  const form = useForm<Values>({
    initialValues: { email: '', creator: '', link: '', likes: '', views: '' },
    validate: zodValidate<Values>(submitPostSchema),
  });
  const add = useFormMutation({
    form,
    // The feature's mutation owns the cache: it refreshes the posts.
    mutationFn: addPost.mutateAsync,
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('added') });
      onClose();
    },
  });
  const submit = form.onSubmit((v) =>
    add.submit({
      email: v.email,
      creator: v.creator,
      link: v.link,
      likes: typeof v.likes === 'number' ? v.likes : undefined,
      views: typeof v.views === 'number' ? v.views : undefined,
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('addPost')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('columns.link')}
            required
            data-autofocus
            placeholder="https://"
            {...form.getInputProps('link')}
          />
          <TextInput label={t('columns.email')} required {...form.getInputProps('email')} />
          <TextInput label={t('columns.creator')} required {...form.getInputProps('creator')} />
          <SimpleGrid cols={2}>
            <NumberInput label={t('columns.likes')} min={0} {...form.getInputProps('likes')} />
            <NumberInput label={t('columns.views')} min={0} {...form.getInputProps('views')} />
          </SimpleGrid>
          <FormActions submitLabel={t('add')} loading={form.submitting} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
