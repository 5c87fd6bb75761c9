import { defineArea } from '../../lib/area.ts';

export { seedDemoData } from './seed-demo-data.ts';

export const demoArea = defineArea({ name: 'demo' });
