// app.mailer: SMTP_URL through nodemailer, else the mail_outbox table (infra/mail/mailer.ts). With SMTP_URL,
// app.mailResender re-sends what waits in the outbox (infra/mail/resender.ts), every MAIL_RETRY_SECONDS.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../infra/mail/mailer';
import { createResender, type Resender } from '../infra/mail/resender';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Null without SMTP_URL: mail stored for want of SMTP waits until a process has it. */
    mailResender: Resender | null;
  }
}

/** The recipient's domain is enough to investigate; the message may carry a one-time link. */
const toDomain = (to: string) => to.split('@')[1];

export default fp(async function mail(app: FastifyInstance) {
  const mailer = createMailer(app.db, app.clock, {
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    onFailure: (error, to) =>
      app.log.error({ err: error, toDomain: toDomain(to) }, 'SMTP delivery failed; the message is in mail_outbox'),
  });
  const resender = mailer.deliver
    ? createResender({
        db: app.db,
        clock: app.clock,
        deliver: mailer.deliver,
        intervalMs: app.config.mailRetrySeconds * 1000,
        log: {
          failed: (error, to, retry) =>
            app.log.error(
              { err: error, toDomain: toDomain(to) },
              retry ? 'SMTP re-send failed; it will be tried again' : 'SMTP re-send failed; giving up, it stays in mail_outbox',
            ),
          expired: (to) => app.log.warn({ toDomain: toDomain(to) }, 'outbox mail expired before SMTP took it; not sent'),
          broken: (error) => app.log.error({ err: error }, 'outbox re-send pass failed'),
        },
      })
    : null;
  app.decorate('mailer', mailer);
  app.decorate('mailResender', resender);
  // Started once the app is ready (migrated database, every plugin loaded), never during a failed start.
  if (resender && app.config.mailRetrySeconds > 0) app.addHook('onReady', async () => resender.start());
  // The re-sender stops first (no new row; the one in flight settles), then the transport closes.
  app.addHook('onClose', async () => {
    await resender?.stop();
    mailer.close();
  });
});
