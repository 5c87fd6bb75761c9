import { UNFORMATTABLE } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/index.ts';

/** When something happened (a download, a batch), in the user's language and local time. */
export const formatTime = (ms: number) =>
  Number.isFinite(ms)
    ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(ms)
    : UNFORMATTABLE;
