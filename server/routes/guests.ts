// Guest registration (registro-invitados/{token}, src/api/guests.ts). Public, no session: the token is the
// permission. Refusals the form models (cancelled, ended, limits) answer 409 with the reason in `field`.
import type { FastifyInstance } from 'fastify';
import { type GuestFormInfo, GuestSubmission, TokenParams } from '../../src/api/guests';
import { GUEST_PATHS } from '../../src/api/visitorPaths';
import { findGuestForm, registerGuest } from '../domain/guests/guests';
import { mailGuestRegistered } from '../domain/guests/hostMail';
import { notifyGuestRegistered } from '../domain/guests/notices';
import { AppError } from '../errors';

export default async function guestRoutes(app: FastifyInstance) {
  // Anyone with the link: what the form shows. Unknown or revoked links answer 404 with the invalid-link message.
  app.get<{ Params: { token: string } }>(
    GUEST_PATHS.formInfo(':token'),
    { schema: { params: TokenParams } },
    async (request): Promise<GuestFormInfo> => {
      const info = await findGuestForm(app.db, request.params.token);
      if (!info) throw new AppError(404, 'NOT_FOUND', 'guest.error.invalid', 'invalid');
      return info;
    },
  );

  // Anyone with the link: registers the guest, answers the pass's QR and manual key. Rate limited per address.
  app.post<{ Params: { token: string }; Body: GuestSubmission }>(
    GUEST_PATHS.register(':token'),
    { schema: { params: TokenParams, body: GuestSubmission } },
    async (request) => {
      // Before anything is read or stored: a refused registration leaves no pass and takes no place.
      await app.rateLimiter.consume([{ limit: 'guestRegistrationPerIp', key: request.ip }]);
      const registration = await registerGuest(app.db, app.clock, request.params.token, request.body);
      app.tasks.run('guest registered mail', () => mailGuestRegistered(app.db, app.mailer, registration));
      if (registration.host) {
        await notifyGuestRegistered(app.db, app.clock, {
          condoId: registration.CondoId,
          hostUserId: registration.host.id,
          guestName: registration.guestName,
          eventName: registration.eventName,
        });
      }
      const { host: _host, guestName: _guest, eventName: _event, ...answer } = registration;
      return answer;
    },
  );
}
