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

export interface NavItem {
  to: string;
  label: ParseKeys;
  icon: typeof IconList;
  access: Access;
}

/**
 * The sidebar: the dashboard sign-in lands on, then the spec's entries in its order (doc 2
 * section 2), then the pages this product adds.
 */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: IconLayoutDashboard, access: 'signed-in' },
  { to: '/preffy/view', label: 'nav.allCompetitions', icon: IconList, access: 'signed-in' },
  { to: '/preffy/posts', label: 'nav.posts', icon: IconVideo, access: 'signed-in' },
  { to: '/preffy/add', label: 'nav.add', icon: IconPlus, access: 'signed-in' },
  { to: '/preffy/finish', label: 'nav.finish', icon: IconFlagCheck, access: 'staff' },
  { to: '/preffy/email', label: 'nav.email', icon: IconMail, access: 'admin' },
  { to: '/preffy/payments', label: 'nav.payments', icon: IconCash, access: 'staff' },
  { to: '/preffy/winners', label: 'nav.winners', icon: IconTrophy, access: 'staff' },
  { to: '/preffy/analytics', label: 'nav.analytics', icon: IconChartBar, access: 'staff' },
  { to: '/preffy/calendar', label: 'nav.calendar', icon: IconCalendar, access: 'signed-in' },
  { to: '/inquiries', label: 'nav.inquiries', icon: IconMessages, access: 'staff' },
  { to: '/preffy/promotion', label: 'nav.promotions', icon: IconSpeakerphone, access: 'staff' },
  { to: '/preffy/outbox', label: 'nav.outbox', icon: IconMailForward, access: 'admin' },
  { to: '/admin/users', label: 'nav.users', icon: IconUsers, access: 'admin' },
  { to: '/admin/partner-keys', label: 'nav.partnerKeys', icon: IconKey, access: 'admin' },
];

export const navItemsFor = (role: Role) => NAV_ITEMS.filter((item) => roleMeets(role, item.access));
