import { useMutation } from '@tanstack/react-query';
import { type ReactNode, createElement, useState } from 'react';
import { VersionConflictDialog } from '../../components/forms/VersionConflictDialog.tsx';
import { ApiError, showFormErrors } from './client.ts';

/** A Mantine form, or any screen that shows field messages the same way (a Select's error). */
export type FormLike<V> = {
  getValues: () => V;
  setErrors: (errors: Record<string, string | undefined>) => void;
};

/** What an edit form needs to show a 409 in the shared VersionConflictDialog. */
export type ConflictOptions<V, Vars, Current> = {
  title: string;
  /** The stored record (the 409's `current`) as the form's values. */
  valuesOf: (current: Current) => V;
  /** The values the form was last in step with: the base of "what changed". */
  read: V;
  label: (field: keyof V & string) => string;
  /** Take their version: the form shows it and its version becomes the base. */
  onReload: (current: Current) => void;
  /** Mine over theirs: the same submission, sent with their version. */
  overwrite: (current: Current) => Vars;
};

/**
 * The one way a form submits: a TanStack mutation whose failures land where the user looks.
 * Field messages go onto the form's inputs (`aliases` maps a server field onto the input that
 * shows it), a 409 VERSION_CONFLICT opens the shared VersionConflictDialog when the form passes
 * `conflict`, and anything else becomes a notification in the user's language (or `onOther`).
 * Submit through `submit` inside `form.onSubmit` so Mantine's `form.submitting` drives the button.
 */
export function useFormMutation<V extends object, Vars, Data, Current = unknown>({
  form,
  mutationFn,
  aliases,
  onSuccess,
  onOther,
  handle,
  conflict,
}: {
  form: FormLike<V>;
  mutationFn: (variables: Vars) => Promise<Data>;
  aliases?: Record<string, string>;
  /** Runs after a success: cache writes and invalidations, a message, a reset. */
  onSuccess?: (data: Data, variables: Vars) => void | Promise<void>;
  /** Where a failure without a field of the form goes (default: a red notification). */
  onOther?: (message: string, error: unknown) => void;
  /** A failure this form shows its own way (an invalid link, a lockout): return true when handled. */
  handle?: (error: unknown) => boolean;
  conflict?: ConflictOptions<V, Vars, Current>;
}): {
  submit: (variables: Vars) => Promise<void>;
  isPending: boolean;
  /** The last success's answer. */
  data: Data | undefined;
  conflictDialog: ReactNode;
} {
  const [current, setCurrent] = useState<Current | null>(null);
  // The form shows its own failures: the app-wide notification of failed mutations stays quiet.
  const mutation = useMutation({ mutationFn, meta: { handlesErrors: true } });

  const submit = async (variables: Vars) => {
    let data: Data;
    try {
      data = await mutation.mutateAsync(variables);
    } catch (error) {
      if (handle?.(error)) return;
      if (
        conflict &&
        error instanceof ApiError &&
        error.body.code === 'VERSION_CONFLICT' &&
        error.body.current
      )
        setCurrent(error.body.current as Current);
      else
        showFormErrors(form, error, {
          aliases,
          ...(onOther && { onOther: (message: string) => onOther(message, error) }),
        });
      return;
    }
    setCurrent(null);
    await onSuccess?.(data, variables);
  };

  const conflictDialog =
    conflict && current !== null
      ? createElement(VersionConflictDialog<V>, {
          title: conflict.title,
          mine: form.getValues(),
          theirs: conflict.valuesOf(current),
          read: conflict.read,
          label: conflict.label,
          onReload: () => {
            conflict.onReload(current);
            setCurrent(null);
          },
          onOverwrite: () => void submit(conflict.overwrite(current)),
          onClose: () => setCurrent(null),
        })
      : null;

  return { submit, isPending: mutation.isPending, data: mutation.data, conflictDialog };
}
