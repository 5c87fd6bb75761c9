import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AdminPost, ReviewPost } from '@preffy/api';
import { editPostSchema } from '@preffy/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { PostCountInput } from '../../../components/forms/PostCountInput.tsx';
import { closeDiscarding } from '../../../components/forms/discard-changes.tsx';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { type UpdatePostInput, useUpdatePost } from '../api/posts.ts';

export type EditPostValues = {
  email: string;
  creator: string;
  /** '' while the input is empty: the schema answers 'Please enter the likes'. */
  likes: number | string;
  link: string;
  isDeleted: boolean;
};

export const editValuesOf = (post: ReviewPost): EditPostValues => ({
  email: post.email,
  creator: post.creator,
  likes: post.likes,
  link: post.link,
  isDeleted: post.deleted,
});

/** Only the fields that differ from what the form opened with are sent (a new link is re-checked). */
export function changedFields(values: EditPostValues, base: EditPostValues) {
  const body: Omit<UpdatePostInput['body'], 'version'> = {};
  if (values.email.trim() !== base.email) body.email = values.email.trim();
  if (values.creator.trim() !== base.creator) body.creator = values.creator.trim();
  if (typeof values.likes === 'number' && values.likes !== base.likes) body.likes = values.likes;
  if (values.link.trim() !== base.link) body.link = values.link.trim();
  if (values.isDeleted !== base.isDeleted) body.isDeleted = values.isDeleted;
  return body;
}

/**
 * Posts admin Edit: Email, Creator, Likes, Link and Is Deleted, checked with the domain's
 * editPostSchema before sending (the server checks again), saved with the post's version.
 * Closing with unsaved changes asks first.
 */
export function EditPostModal({ post, onClose }: { post: AdminPost; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const updatePost = useUpdatePost();
  // What the form was last in step with: the base for the version and for "what changed".
  const [base, setBase] = useState<ReviewPost>(post);
  const form = useForm<EditPostValues>({
    initialValues: editValuesOf(post),
    validate: zodValidate<EditPostValues>(editPostSchema),
  });
  const label = (field: keyof EditPostValues) => t(`fields.${field}`);

  const save = useFormMutation({
    form,
    mutationFn: updatePost.mutateAsync,
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('edit.saved') });
      onClose();
    },
    conflict: {
      title: t('edit.conflictTitle'),
      valuesOf: (current: ReviewPost) => editValuesOf(current),
      read: editValuesOf(base),
      label,
      onReload: (current) => {
        setBase(current);
        form.setValues(editValuesOf(current));
        form.resetDirty(editValuesOf(current));
      },
      // What I changed since I opened it goes over theirs; what only they changed stays theirs.
      overwrite: (current) => ({
        id: post.id,
        body: { ...changedFields(form.getValues(), editValuesOf(base)), version: current.version },
      }),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = changedFields(values, editValuesOf(base));
    if (Object.keys(body).length === 0) return onClose();
    await save.submit({ id: post.id, body: { ...body, version: base.version } });
  });

  const close = () =>
    closeDiscarding({
      changed: form.isDirty(),
      texts: { title: t('edit.discardTitle'), body: t('edit.discardBody'), discard: t('edit.discard') },
      close: onClose,
    });

  return (
    <ResponsiveModal opened onClose={close} title={t('edit.title', { creator: base.creator })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={label('email')} required data-autofocus {...form.getInputProps('email')} />
          <TextInput label={label('creator')} required {...form.getInputProps('creator')} />
          <PostCountInput label={label('likes')} required {...form.getInputProps('likes')} />
          <TextInput label={label('link')} required placeholder="https://" {...form.getInputProps('link')} />
          <Checkbox label={label('isDeleted')} {...form.getInputProps('isDeleted', { type: 'checkbox' })} />
          <FormActions submitLabel={t('edit.save')} loading={form.submitting} onCancel={close} />
        </Stack>
      </form>
      {save.conflictDialog}
    </ResponsiveModal>
  );
}
