import type { Job } from '@preffy/api';
import type { RefreshFailure } from '@preffy/domain';
import { i18n } from '../../lib/i18n/index.ts';

/** A refresh failure's reason in words people understand (decision 0111). */
export const refreshFailureText = (reason: RefreshFailure) => i18n.t(`job.failures.${reason}`);

/** "5 failed: 5 video not found or private": a job's failures counted by reason, or null. */
export function jobFailuresText(job: Pick<Job, 'failed' | 'failures'>) {
  if (!job.failed || !job.failures.length) return null;
  const reasons = job.failures
    .map((f) => i18n.t('job.failureCount', { count: f.count, reason: refreshFailureText(f.reason) }))
    .join(', ');
  return i18n.t('job.failedBecause', { count: job.failed, reasons });
}
