// Outgoing mail (DESIGN.md §4): nodemailer over SMTP_URL; without it, or when the SMTP server refuses a
// message, the message and its attachments go to the mail_outbox table (outbox.ts), where administrators
// can read it and from where the re-sender (resender.ts) delivers it once SMTP takes it.
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { storeInOutbox } from './outbox';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** After this the mail is not worth sending late (a reset link that has expired): the re-sender drops it. */
  validUntil?: Date;
}

export interface Mailer {
  /** 'sent' over SMTP, or 'stored' in the outbox. Never throws for a refused delivery: it stores instead. */
  send(mail: OutgoingMail): Promise<'sent' | 'stored'>;
  /** Hands one message to the SMTP server; throws when it is refused. Null without SMTP_URL. */
  deliver: ((mail: OutgoingMail) => Promise<void>) | null;
  close(): void;
}

/** What a failed delivery is logged with: never the message, which may carry a one-time link. */
export type DeliveryFailureLog = (error: unknown, to: string) => void;

/** Short timeouts: mail is sent in the background, and shutting down waits for it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** What the outbox keeps of a refusal: the server's answer, never the message. */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

export function createMailer(
  db: Kysely<Database>,
  clock: Clock,
  options: { smtpUrl: string | null; from: string; onFailure: DeliveryFailureLog },
): Mailer {
  if (!options.smtpUrl) {
    return { send: (mail) => storeInOutbox(db, clock, mail, null), deliver: null, close: () => {} };
  }

  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  const deliver = async ({ to, subject, text, html, attachments }: OutgoingMail) => {
    await transport.sendMail({ from: options.from, to, subject, text, html, ...(attachments ? { attachments } : {}) });
  };
  return {
    async send(mail) {
      try {
        await deliver(mail);
        return 'sent';
      } catch (error) {
        options.onFailure(error, mail.to);
        return storeInOutbox(db, clock, mail, failureText(error));
      }
    },
    deliver,
    close: () => transport.close(),
  };
}
