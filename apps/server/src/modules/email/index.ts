import { defineArea } from '../../lib/area.ts';
import type { EmailWorker } from './email-worker.ts';
import { emailRoutes } from './email.routes.ts';
import { outboxRoutes } from './outbox.routes.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';

export { EmailWorker } from './email-worker.ts';
export { enqueueEmail } from './outbox.ts';
export { invitationUrl, resetPasswordUrl, signInLinkUrl } from './secret-links.ts';
export { createTransport } from './transports/create-transport.ts';

export const emailArea = defineArea({
  name: 'email',
  routes: [outboxRoutes, emailRoutes, unsubscribeRoutes],
  owns: { emailMessages: true, emailRecipients: true },
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the outbox (app.ts starts it; tests drain it). */
    emailWorker: EmailWorker;
  }
}
