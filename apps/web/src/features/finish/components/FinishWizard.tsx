import { Alert, Button, Center, Fieldset, Loader, Stack, Stepper } from '@mantine/core';
import type { FinishStep } from '@preffy/api';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { describeError } from '../../../lib/api/client.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { finishQuery } from '../api/finish.ts';
import { CompleteStep } from './CompleteStep.tsx';
import { EarlyFinishAlert } from './EarlyFinishWarning.tsx';
import { PayStep } from './PayStep.tsx';
import { WinnersStep } from './WinnersStep.tsx';

/** The Stepper's active step for the server's step: all three completed once done. */
const ACTIVE: Record<FinishStep, number> = { winners: 0, pay: 1, complete: 2, done: 3 };

/** One competition's wizard: the step the server says, so a reload resumes there. */
export function FinishWizard({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('finish');
  const wizard = useQuery(finishQuery(id));
  // Three steps side by side do not fit a phone: they stack.
  const isPhone = useIsPhone();
  // What the last Submit did, said once on the step it leads to.
  const [submitted, setSubmitted] = useState<{ payments: number; emails: number } | null>(null);
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
      {t('back')}
    </Button>
  );

  if (wizard.isPending)
    return (
      <Center mih={200}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (wizard.isError)
    return (
      <Stack>
        <PageHeader title={t('title')}>{back}</PageHeader>
        <Alert color="red" role="alert" title={describeError(wizard.error).title}>
          {describeError(wizard.error).message}
        </Alert>
      </Stack>
    );

  const state = wizard.data;
  const active = ACTIVE[state.step];
  return (
    <Stack>
      <PageHeader title={t('heading', { name: state.competitionName })}>{back}</PageHeader>
      <Stepper active={active} size="sm" orientation={isPhone ? 'vertical' : 'horizontal'}>
        <Stepper.Step label={t('steps.winners')} description={t('stepDescriptions.winners')} />
        <Stepper.Step label={t('steps.pay')} description={t('stepDescriptions.pay')} />
        <Stepper.Step label={t('steps.complete')} description={t('stepDescriptions.complete')} />
      </Stepper>
      {state.competitionDeleted && (
        <Alert color="red" data-testid="finish-competition-deleted">
          {t('competitionDeleted')}
        </Alert>
      )}
      {/* A deleted competition's wizard is read (decision 0124): a disabled fieldset disables every control. */}
      <Fieldset variant="unstyled" p={0} disabled={state.competitionDeleted}>
        <Stack>
          {state.step !== 'done' && <EarlyFinishAlert readiness={state.readiness} />}
          {state.step === 'winners' && <WinnersStep finish={state} onSubmitted={setSubmitted} />}
          {submitted && state.step !== 'winners' && (
            <Alert
              color="green"
              role="status"
              data-testid="submitted"
              withCloseButton
              onClose={() => setSubmitted(null)}
            >
              {t('submittedPayments', { count: submitted.payments })}{' '}
              {t('submittedEmails', { count: submitted.emails })}
            </Alert>
          )}
          {state.step === 'pay' && <PayStep finish={state} />}
          {(state.step === 'complete' || state.step === 'done') && <CompleteStep finish={state} />}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
