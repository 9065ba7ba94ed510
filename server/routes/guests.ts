// Guest registration (registro-invitados/{token}, src/api/guests.ts). Public, no session: the token is the
// permission. Refusals the form models (cancelled, ended, limits) answer 409 with the reason in `field`.
import type { FastifyInstance } from 'fastify';
import { type GuestFormInfo, GuestSubmission, TokenParams } from '../../src/api/guests';
import { GUEST_PATHS } from '../../src/api/visitorPaths';
import { findGuestForm, type Registration, registerGuest } from '../domain/guests/guests';
import { notifyGuestRegistered } from '../domain/guests/notices';
import { paragraph } from '../domain/shared/mailHtml';
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
      notifyHost(app, registration);
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

function notifyHost(app: FastifyInstance, registration: Registration): void {
  const host = registration.host;
  if (!host) return;
  const what = registration.eventName ? `a tu evento «${registration.eventName}»` : 'como tu invitado';
  const text = `Hola ${host.name}: ${registration.guestName} se registró ${what}. Su clave de acceso es ${registration.ClaveManual}.`;
  const html = paragraph(text);
  app.tasks.run('guest registered mail', async () => {
    await app.mailer.send({ to: host.email, subject: `Nuevo invitado: ${registration.guestName}`, text, html });
  });
}
