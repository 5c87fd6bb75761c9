import { useState } from 'react';

/** crypto.randomUUID exists only in secure contexts; an install on plain http still needs keys. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of one form submission. Sending the same values again (a retry after a
 * network error, a double click) reuses the key, so the server runs the submission once; changed
 * values or a success start a new submission with a new key.
 */
export class SubmissionKey {
  private key: string | null = null;
  private sentBody: string | null = null;

  keyFor(body: unknown): string {
    const sentBody = JSON.stringify(body);
    if (this.key === null || sentBody !== this.sentBody) {
      this.key = randomKey();
      this.sentBody = sentBody;
    }
    return this.key;
  }

  /** After a success the next submission is a new one, even with the same values. */
  succeeded(): void {
    this.key = null;
    this.sentBody = null;
  }
}

/** One SubmissionKey for the lifetime of a form. */
export function useSubmissionKey(): SubmissionKey {
  const [submissionKey] = useState(() => new SubmissionKey());
  return submissionKey;
}
