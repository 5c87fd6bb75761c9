import type { CalendarTone } from '@preffy/domain';
import { IconCheck, IconClock, IconHash, IconStar } from '@tabler/icons-react';

/** Colour and icon per tone: the colour is never the only signal (each has an icon and a label). */
export const TONES: Record<CalendarTone, { color: string; Icon: typeof IconCheck }> = {
  primary: { color: 'blue', Icon: IconStar },
  secondary: { color: 'grape', Icon: IconHash },
  danger: { color: 'red', Icon: IconCheck },
  warning: { color: 'yellow', Icon: IconClock },
};
export const TONE_ORDER: CalendarTone[] = ['primary', 'secondary', 'danger', 'warning'];
