import { currentLanguage } from '../i18n/index.ts';

export const formatUsd = (amount: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount);
