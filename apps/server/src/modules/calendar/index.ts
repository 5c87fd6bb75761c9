import { defineArea } from '../../lib/area.ts';
import { calendarRoutes } from './calendar.routes.ts';

export const calendarArea = defineArea({
  name: 'calendar',
  routes: [calendarRoutes],
});
