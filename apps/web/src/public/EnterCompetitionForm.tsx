import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { posts } from '@preffy/api';
import { submitPostSchema } from '@preffy/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, showFormErrors } from '../api/client.ts';
import { zodValidate } from '../forms/zod-validate.ts';

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
  const { t } = useTranslation();
  const [entered, setEntered] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { email: '', creator: '', link: '', website: '' },
    validate: zodValidate<Values>(submitPostSchema),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await call(posts.submit, { params: { id: competitionId }, body: { ...values, ref: refTag } });
      setEntered(true);
      form.reset();
    } catch (e) {
      showFormErrors(form, e, { onOther: setError });
    }
  });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('public.enter.title')}
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
              {t('public.enter.thanks')}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('public.enter.link')}
            placeholder="https://www.tiktok.com/@you/video/…"
            required
            {...form.getInputProps('link')}
          />
          <TextInput
            label={t('public.enter.creator')}
            placeholder="@you"
            required
            {...form.getInputProps('creator')}
          />
          <TextInput label={t('public.enter.email')} type="email" required {...form.getInputProps('email')} />
          <div style={{ position: 'absolute', left: '-10000px' }} aria-hidden="true">
            <input tabIndex={-1} autoComplete="off" name="website" {...form.getInputProps('website')} />
          </div>
          <Button type="submit" loading={form.submitting}>
            {t('public.enter.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
