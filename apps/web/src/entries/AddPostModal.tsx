import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { submitPostSchema } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../api/use-form-mutation.ts';
import { zodValidate } from '../forms/zod-validate.ts';
import { useAddPost } from './api.ts';

interface Values {
  email: string;
  creator: string;
  link: string;
  likes: number | string;
  views: number | string;
}

/** Staff add one post by hand (also to a closed competition). */
export function AddPostModal({ competitionId, onClose }: { competitionId: string; onClose: () => void }) {
  const { t } = useTranslation();
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
      notifications.show({ color: 'green', message: t('entries.added') });
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
    <Modal opened onClose={onClose} title={t('entries.addPost')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('entries.columns.link')}
            required
            data-autofocus
            placeholder="https://"
            {...form.getInputProps('link')}
          />
          <TextInput label={t('entries.columns.email')} required {...form.getInputProps('email')} />
          <TextInput label={t('entries.columns.creator')} required {...form.getInputProps('creator')} />
          <SimpleGrid cols={2}>
            <NumberInput label={t('entries.columns.likes')} min={0} {...form.getInputProps('likes')} />
            <NumberInput label={t('entries.columns.views')} min={0} {...form.getInputProps('views')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('entries.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
