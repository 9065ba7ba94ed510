// The payment-provider contact dialog (src/api/providerContact.ts).
import type { FastifyInstance } from 'fastify';
import { canContactPaymentProvider } from '../../src/api/permissions';
import { PROVIDER_CONTACT_PATHS, type ProviderContactAnswer, ProviderContactRequest } from '../../src/api/providerContact';
import { mailProviderContact, receiveProviderContact } from '../domain/providerContact/providerContact';
import { signedInRoutes } from './guards';

export default async function providerContactRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Administrators (403 for anyone else, whatever the body: decided before it is validated): a meeting or a call, stored, then mailed to the provider after
  // the answer (SMTP or the outbox).
  routes.post<{ Body: ProviderContactRequest }>(
    PROVIDER_CONTACT_PATHS.contact,
    { schema: { body: ProviderContactRequest }, allow: canContactPaymentProvider },
    async (request): Promise<ProviderContactAnswer> => {
      const outcome = await receiveProviderContact(app.db, app.clock, request.auth, request.body);
      app.tasks.run('provider contact mail', () => mailProviderContact(app.mailer, outcome));
      return { success: true, message: outcome.message };
    },
  );
}
