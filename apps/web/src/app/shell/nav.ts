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
  IconShieldCheck,
  IconSpeakerphone,
  IconTrophy,
  IconUpload,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import type { Access, Role } from '@preffy/domain';
import { roleMeets } from '@preffy/domain';
import type { Namespace } from '../../lib/i18n/index.ts';
import type { Resources } from '../../lib/i18n/namespaces.gen.ts';
import { NAV_AREAS } from '../route-files.gen.ts';

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
  upload: IconUpload,
  shield: IconShieldCheck,
};

/** A sidebar label: a key under `nav` in the area's own namespace, such as `winners:nav.winners`. */
export type NavLabel = {
  [N in Namespace]: Resources[N] extends { nav: infer Labels } ? `${N}:nav.${keyof Labels & string}` : never;
}[Namespace];

/** An area's sidebar entry, declared in its route file (app/routes/<area>.tsx). */
export interface NavEntry {
  to: string;
  label: NavLabel;
  icon: keyof typeof NAV_ICONS;
  access: Access;
  /** Its place in the sidebar, smallest first (the spec's order, then this product's pages). */
  order: number;
}

export type NavItem = Omit<NavEntry, 'icon'> & { icon: typeof IconList };

/**
 * The sidebar, from the entries each area's route file declares: the dashboard sign-in lands on,
 * then the spec's entries in its order (doc 2 section 2), then the pages this product adds.
 */
const NAV_ENTRIES: NavEntry[] = NAV_AREAS.flatMap((area): NavEntry[] => Object.values(area)).sort(
  (a, b) => a.order - b.order,
);

export const NAV_ITEMS: NavItem[] = NAV_ENTRIES.map((entry) => ({ ...entry, icon: NAV_ICONS[entry.icon] }));

export const navItemsFor = (role: Role) => NAV_ITEMS.filter((item) => roleMeets(role, item.access));
