import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { posts } from '@preffy/api';
import { submitPostSchema } from '@preffy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { publicCompetitionQuery } from '../api/public.ts';
import { useReplayEarlyInput } from '../../../lib/early-input.ts';

interface Values {
  email: string;
  creator: string;
  link: string;
  /** The honeypot: hidden from people, filled by bots. */
  website: string;
}

/** The public page's entry form: a creator enters their video (no sign-in). */
export function EnterCompetitionForm({
  competitionId,
  refTag,
}: {
  competitionId: string;
  refTag: string | undefined;
}) {
  // The page is drawn by the server (decision 0071): what was typed or sent before the app
  // arrived counts.
  useReplayEarlyInput();
  const { t } = useTranslation('public');
  const queryClient = useQueryClient();
  const [entered, setEntered] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { email: '', creator: '', link: '', website: '' },
    validate: zodValidate<Values>(submitPostSchema),
  });
  const enter = useFormMutation({
    form,
    mutationFn: (values: Values) =>
      call(posts.submit, { params: { id: competitionId }, body: { ...values, ref: refTag } }),
    onSuccess: () => {
      setEntered(true);
      form.reset();
      // The UGC count on the page includes the new entry without a reload.
      void queryClient.invalidateQueries({ queryKey: publicCompetitionQuery(competitionId).queryKey });
    },
    // A failure without a field shows inside the card: the public page has no notifications.
    onOther: setError,
  });
  const submit = form.onSubmit((values) => {
    setError(null);
    return enter.submit(values);
  });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('enter.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {entered && (
            <Alert
              color="green"
              role="status"
              data-testid="entered"
              withCloseButton
              onClose={() => setEntered(false)}
            >
              {t('enter.thanks')}
            </Alert>
          )}
          <FormError>{error}</FormError>
          <TextInput
            label={t('enter.link')}
            placeholder="https://www.tiktok.com/@you/video/…"
            required
            {...form.getInputProps('link')}
          />
          <TextInput
            label={t('enter.creator')}
            placeholder="@you"
            required
            {...form.getInputProps('creator')}
          />
          <TextInput label={t('enter.email')} type="email" required {...form.getInputProps('email')} />
          <div style={{ position: 'absolute', left: '-10000px' }} aria-hidden="true">
            <input tabIndex={-1} autoComplete="off" name="website" {...form.getInputProps('website')} />
          </div>
          <Button type="submit" loading={form.submitting}>
            {t('enter.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
