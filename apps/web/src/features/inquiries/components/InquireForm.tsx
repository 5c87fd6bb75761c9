import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useSubmitInquiry } from '../api/inquiries.ts';
import {
  EMPTY_INQUIRY,
  type NewInquiryValues,
  newInquiryBodyOf,
  validateNewInquiry,
} from '../new-inquiry-values.ts';
import { InquiryChoicesGate } from './InquiryChoicesGate.tsx';
import { InquiryFields } from './InquiryFields.tsx';

/** Off screen, yet in the form: robots fill it in, people never see it. */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/**
 * The public contact form (/inquire; no sign-in, embeddable): artists and labels ask to book a
 * contest. Its choices are the lists staff keep (loaded first); checked with the domain's
 * newInquirySchema before sending (the server checks again, also that each choice is still on its
 * list, limits the rate and drops a filled honeypot); thanks once it is sent.
 */
export function InquireForm() {
  const { t } = useTranslation('inquiries');
  const form = useForm<NewInquiryValues>({ initialValues: EMPTY_INQUIRY, validate: validateNewInquiry });
  const [sent, setSent] = useState(false);
  const [rateLimited, setRateLimited] = useState(false);
  const submitInquiry = useSubmitInquiry();
  const save = useFormMutation({
    form,
    mutationFn: (values: NewInquiryValues) => {
      setRateLimited(false);
      return submitInquiry.mutateAsync({ ...newInquiryBodyOf(values), website: values.website || undefined });
    },
    onSuccess: () => setSent(true),
    // Too many submissions from this address: said plainly, beside the button.
    handle: (error) => {
      const limited = error instanceof ApiError && error.status === 429;
      if (limited) setRateLimited(true);
      return limited;
    },
  });

  return (
    <Container size="sm" py="xl" px="md" component="main">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        {sent ? (
          <Stack align="center" ta="center" role="status" data-testid="inquiry-sent">
            <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
            <Title order={1} size="h2">
              {t('public.thanksTitle')}
            </Title>
            <Text>{t('public.thanksBody')}</Text>
            <Button
              variant="light"
              onClick={() => {
                form.reset();
                setSent(false);
              }}
            >
              {t('public.another')}
            </Button>
          </Stack>
        ) : (
          <Stack>
            <Title order={1} size="h2">
              {t('public.title')}
            </Title>
            <Text c="dimmed">{t('public.intro')}</Text>
            <InquiryChoicesGate>
              {(choices) => (
                <form onSubmit={form.onSubmit((values) => save.submit(values))} noValidate>
                  <Stack>
                    <InquiryFields form={form} choices={choices} />
                    <div style={HIDDEN} aria-hidden="true">
                      <label htmlFor="inquiry-website">Website</label>
                      <input
                        id="inquiry-website"
                        name="website"
                        type="text"
                        tabIndex={-1}
                        autoComplete="off"
                        value={form.getValues().website}
                        onChange={(e) => form.setFieldValue('website', e.currentTarget.value)}
                      />
                    </div>
                    {rateLimited && (
                      <Alert color="orange" role="alert" title={t('public.rateLimitedTitle')}>
                        {t('public.rateLimited')}
                      </Alert>
                    )}
                    <Button type="submit" loading={save.isPending}>
                      {t('public.send')}
                    </Button>
                  </Stack>
                </form>
              )}
            </InquiryChoicesGate>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
