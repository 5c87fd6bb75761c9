import { useMediaQuery } from '@mantine/hooks';

/** Under 768 px wide: long dialogs take the whole screen. */
export const useIsPhone = () => useMediaQuery('(max-width: 48em)') ?? false;
