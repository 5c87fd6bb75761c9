import { defineArea } from '../../lib/area.ts';
import { integritySettingsSchema, securitySettingsSchema } from '@preffy/api';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { toIntegritySettings } from './integrity-settings.ts';
import { toSecuritySettings } from './security-settings.ts';
import { settingsRoutes } from './settings.routes.ts';

export { readSecuritySettings, twoStepRequiredFor, twoStepSetupRequired } from './security-settings.ts';
export { integrityThresholds } from './integrity-settings.ts';

/** A settings record in its public shape, by its id (what a 409 shows). */
const toPublicSettings = (row: DB['appSettings']) =>
  row.id === 'integrity' ? toIntegritySettings(row) : toSecuritySettings(row);

export const settingsArea = defineArea({
  name: 'settings',
  routes: [settingsRoutes],
  owns: {
    appSettings: {
      schema: z.discriminatedUnion('id', [securitySettingsSchema, integritySettingsSchema]),
      toPublic: toPublicSettings,
    },
  },
});
