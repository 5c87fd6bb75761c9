import { MONTH_PATTERN } from '@preffy/domain';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import type { NavEntry } from '../shell/nav.ts';
import { shellRoute } from './layout.tsx';

const CalendarPage = lazyRouteComponent(
  () => import('../../features/calendar/components/CalendarPage.tsx'),
  'CalendarPage',
);

const calendarRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/calendar',
  validateSearch: z.object({ month: z.string().regex(MONTH_PATTERN).optional().catch(undefined) }),
  component: function Calendar() {
    const { month } = calendarRoute.useSearch();
    const navigate = calendarRoute.useNavigate();
    return (
      <CalendarPage month={month} onMonthChange={(next) => void navigate({ search: { month: next } })} />
    );
  },
});

export const calendarRoutes = { shell: [calendarRoute] } as const;

export const calendarNav = {
  calendar: {
    to: '/preffy/calendar',
    label: 'calendar:nav.calendar',
    icon: 'calendar',
    access: 'signed-in',
    order: 100,
  },
} satisfies Record<string, NavEntry>;
