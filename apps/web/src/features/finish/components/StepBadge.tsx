import { Badge } from '@mantine/core';
import { FINISH_STEPS, type FinishStep } from '@preffy/api';
import { useTranslation } from 'react-i18next';

const COLOR: Record<FinishStep, string> = { winners: 'gray', pay: 'yellow', complete: 'blue', done: 'green' };

/** How far a competition's wizard got: the step it is at, or Completed. */
export function StepBadge({ step }: { step: string }) {
  const { t } = useTranslation('finish');
  const known = (FINISH_STEPS as readonly string[]).includes(step) ? (step as FinishStep) : null;
  return (
    <Badge variant="light" color={known ? COLOR[known] : 'gray'}>
      {known ? t(`steps.${known}`) : step}
    </Badge>
  );
}
