import { currentLanguage } from '../i18n/index.ts';
import { UNFORMATTABLE } from './dates.ts';

/** Dollars in the user's language; a stored amount that is not a finite number shows the placeholder. */
export const formatUsd = (amount: number) =>
  Number.isFinite(amount)
    ? new Intl.NumberFormat(currentLanguage(), {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }).format(amount)
    : UNFORMATTABLE;
