import { currentLanguage } from '../i18n/index.ts';

export const formatUsd = (amount: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  }).format(amount);
