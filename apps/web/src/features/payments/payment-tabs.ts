/** The tabs of the payments admin (in the URL). Apart from the page, so the router can check the URL without loading the page. */
export const PAYMENT_TABS = ['to-be-paid', 'sent'] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number];
