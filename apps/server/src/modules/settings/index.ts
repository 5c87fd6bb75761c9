import { defineArea } from '../../lib/area.ts';
import { securitySettingsSchema } from '@preffy/api';
import { toSecuritySettings } from './security-settings.ts';
import { settingsRoutes } from './settings.routes.ts';

export { readSecuritySettings, twoStepRequiredFor, twoStepSetupRequired } from './security-settings.ts';

export const settingsArea = defineArea({
  name: 'settings',
  routes: [settingsRoutes],
  owns: { appSettings: { schema: securitySettingsSchema, toPublic: toSecuritySettings } },
});
