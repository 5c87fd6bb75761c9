import { Button, type ButtonVariant, Group } from '@mantine/core';
import { type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReviewPost } from '@preffy/api';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { type CardList, useUpdatePost } from '../api/review.ts';

/** The fields a card edits in place. */
type Field = 'link' | 'likes';
type Values<F extends Field> = Record<F, string | number>;
type Body = Partial<Pick<ReviewPost, Field>> & { version: number };

/**
 * One field of a card, edited in place (the link box, the 0-likes card's likes): saved with the
 * card's version, errors under the field, a 409 into the conflict dialog.
 */
export function CardFieldEditor<F extends Field>({
  post,
  list,
  competitionId,
  field,
  rules,
  valueOf,
  input,
  submit,
  savedNotice,
  onReload,
  onDirty,
}: {
  post: ReviewPost;
  list: CardList;
  competitionId: string;
  field: F;
  rules: UseFormInput<Values<F>>['validate'];
  /** What the box holds, as the value sent (the link trimmed, the likes a number). */
  valueOf: (text: string | number) => ReviewPost[F];
  /** The field's input, given the form's props for it. */
  input: (props: ReturnType<UseFormReturnType<Values<F>>['getInputProps']>) => ReactNode;
  submit: { label: string; variant?: ButtonVariant };
  savedNotice: (saved: ReviewPost) => { color: string; message: string };
  onReload: (current: ReviewPost) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('posts');
  const update = useUpdatePost(list, competitionId);
  const valuesOf = (p: ReviewPost) => ({ [field]: p[field] as string | number }) as Values<F>;
  const { form, dirty, show } = useCardFieldForm<Values<F>>(valuesOf(post), rules, onDirty);
  const bodyOf = (values: Values<F>, version: number) =>
    ({ [field]: valueOf(values[field]), version }) as Body;
  const save = useFormMutation({
    form,
    mutationFn: (body: Body) => update.mutateAsync({ post, body }),
    onSuccess: ({ post: saved }) => {
      show(valuesOf(saved));
      notifications.show(savedNotice(saved));
    },
    conflict: {
      title: t('conflict.title'),
      valuesOf,
      read: valuesOf(post),
      label: () => t(`conflict.fields.${field}`),
      onReload: (current) => {
        show(valuesOf(current));
        onReload(current);
      },
      overwrite: (current) => bodyOf(form.getValues(), current.version),
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.submit(bodyOf(v, post.version)))} noValidate>
      <Group gap="xs" align="start" wrap="nowrap">
        {input(form.getInputProps(field))}
        <Button
          type="submit"
          size="xs"
          mt={22}
          variant={submit.variant}
          loading={form.submitting}
          disabled={!dirty}
        >
          {submit.label}
        </Button>
      </Group>
      {save.conflictDialog}
    </form>
  );
}

/**
 * A card's one-field form: it follows the stored value until the reviewer types (a refetch or a
 * reload after a conflict never overwrites their text), and reports whether it holds unsaved
 * text. `show` makes a value the stored one.
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
