// app.mailer: SMTP_URL through nodemailer, else the mail_outbox table (domain/mail/mailer.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../domain/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(async function mail(app: FastifyInstance) {
  const mailer = createMailer(app.db, app.clock, {
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    // The recipient's domain is enough to investigate; the message may carry a one-time link.
    onFailure: (error, to) =>
      app.log.error({ err: error, toDomain: to.split('@')[1] }, 'SMTP delivery failed; the message is in mail_outbox'),
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
});
