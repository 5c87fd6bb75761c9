import {
  IconCalendar,
  IconCash,
  IconChartBar,
  IconFlagCheck,
  IconKey,
  IconLayoutDashboard,
  IconList,
  IconMail,
  IconMailForward,
  IconMessages,
  IconPlus,
  IconSpeakerphone,
  IconTrophy,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import type { Access, Role } from '@preffy/domain';
import { roleMeets } from '@preffy/domain';
import type { ParseKeys } from 'i18next';
import { analyticsNav } from '../routes/analytics.tsx';
import { calendarNav } from '../routes/calendar.tsx';
import { competitionsNav } from '../routes/competitions.tsx';
import { dashboardNav } from '../routes/dashboard.tsx';
import { emailNav } from '../routes/email.tsx';
import { finishNav } from '../routes/finish.tsx';
import { inquiriesNav } from '../routes/inquiries.tsx';
import { partnersNav } from '../routes/partners.tsx';
import { paymentsNav } from '../routes/payments.tsx';
import { postsNav } from '../routes/posts.tsx';
import { promotionsNav } from '../routes/promotions.tsx';
import { usersNav } from '../routes/users.tsx';
import { winnersNav } from '../routes/winners.tsx';

/**
 * The sidebar's icons, by the name an area's entry gives. The route files load with the first
 * page; the icons load with the shell that draws them, as before the entries moved there.
 */
const NAV_ICONS = {
  dashboard: IconLayoutDashboard,
  list: IconList,
  video: IconVideo,
  plus: IconPlus,
  flagCheck: IconFlagCheck,
  mail: IconMail,
  cash: IconCash,
  trophy: IconTrophy,
  chartBar: IconChartBar,
  calendar: IconCalendar,
  messages: IconMessages,
  speakerphone: IconSpeakerphone,
  mailForward: IconMailForward,
  users: IconUsers,
  key: IconKey,
};

/** An area's sidebar entry, declared in its route file (app/routes/<area>.tsx). */
export interface NavEntry {
  to: string;
  label: ParseKeys;
  icon: keyof typeof NAV_ICONS;
  access: Access;
}

export type NavItem = Omit<NavEntry, 'icon'> & { icon: typeof IconList };

/**
 * The sidebar, from the entries each area's route file declares: the dashboard sign-in lands on,
 * then the spec's entries in its order (doc 2 section 2), then the pages this product adds.
 */
const NAV_ENTRIES: NavEntry[] = [
  dashboardNav.dashboard,
  competitionsNav.all,
  postsNav.posts,
  competitionsNav.add,
  finishNav.finish,
  emailNav.email,
  paymentsNav.payments,
  winnersNav.winners,
  analyticsNav.analytics,
  calendarNav.calendar,
  inquiriesNav.inquiries,
  promotionsNav.promotions,
  emailNav.outbox,
  usersNav.users,
  partnersNav.partnerKeys,
];

export const NAV_ITEMS: NavItem[] = NAV_ENTRIES.map((entry) => ({ ...entry, icon: NAV_ICONS[entry.icon] }));

export const navItemsFor = (role: Role) => NAV_ITEMS.filter((item) => roleMeets(role, item.access));
