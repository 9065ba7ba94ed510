// Outgoing mail (DESIGN.md §4): nodemailer over SMTP_URL; without it, or when the SMTP server refuses a
// message, the message goes to the mail_outbox table where administrators can read it.
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'sent' over SMTP, or 'stored' in the outbox. Never throws for a refused delivery: it stores instead. */
  send(mail: OutgoingMail): Promise<'sent' | 'stored'>;
  close(): void;
}

/** What a failed delivery is logged with: never the message, which may carry a one-time link. */
export type DeliveryFailureLog = (error: unknown, to: string) => void;

/** Short timeouts: mail is sent in the background, and shutting down waits for it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(
  db: Kysely<Database>,
  clock: Clock,
  options: { smtpUrl: string | null; from: string; onFailure: DeliveryFailureLog },
): Mailer {
  const store = async (mail: OutgoingMail) => {
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        created_at: clock.now().toISOString(),
        sent_at: null,
      })
      .execute();
    return 'stored' as const;
  };
  if (!options.smtpUrl) return { send: store, close: () => {} };

  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: options.from, ...mail });
        return 'sent';
      } catch (error) {
        options.onFailure(error, mail.to);
        return store(mail);
      }
    },
    close: () => transport.close(),
  };
}
