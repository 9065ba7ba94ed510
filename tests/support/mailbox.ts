// A real SMTP listener (the smtp-server package) on a free local port, and a small reader of what arrives:
// headers (with RFC 2047 encoded words), the text and HTML parts (quoted-printable or base64), and the
// attached files as bytes.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
  raw: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the message once `count` messages have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** Until release() is called, messages are read but not yet accepted (the sender keeps waiting). */
  hold(): () => void;
  /** How many messages are waiting behind hold() right now. */
  held: number;
  /** While set, every message is refused with a 554. */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  let gate: Promise<void> | null = null;
  const waiters: (() => void)[] = [];
  const mailbox: Mailbox = {
    url: '',
    messages,
    refuse: false,
    held: 0,
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return false;
          clearTimeout(timer);
          resolve(messages[count - 1]!);
          return true;
        };
        const timer = setTimeout(() => reject(new Error(`only ${messages.length} of ${count} messages arrived`)), timeoutMs);
        if (!check()) waiters.push(() => void check());
      });
    },
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    // Plain SMTP on localhost: no STARTTLS (nodemailer would refuse the self-signed certificate), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (gate) {
          mailbox.held += 1;
          await gate;
          mailbox.held -= 1;
        }
        if (mailbox.refuse) {
          const error = Object.assign(new Error('Message refused for the test'), { responseCode: 554 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMessage(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(parsed.headers.get('subject') ?? ''),
          text: parsed.text,
          html: parsed.html,
          attachments: parsed.attachments,
          raw,
        });
        callback();
        for (const wake of waiters.splice(0)) wake();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  mailbox.url = `smtp://127.0.0.1:${port}`;
  return mailbox;
}

interface Part {
  headers: Map<string, string>;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Continuation lines start with blanks (RFC 5322 folding).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return decodeBytes(body, encoding).toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** An attachment's bytes: base64 (what nodemailer uses for binary files) or the body as it came. */
function decodeBytes(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(body, 'latin1');
}

/** RFC 2047 encoded words: =?UTF-8?Q?...?= and =?UTF-8?B?...?=. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function parseMessage(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = parseHeaders(head);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parseMessage(p.replace(/^\r?\n/, '')));
    return {
      headers,
      text: parts.map((p) => p.text).join(''),
      html: parts.map((p) => p.html).join(''),
      attachments: parts.flatMap((p) => p.attachments),
    };
  }
  const encoding = headers.get('content-transfer-encoding');
  const disposition = headers.get('content-disposition') ?? '';
  if (disposition.toLowerCase().startsWith('attachment')) {
    const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
    const attachment = { filename, contentType: type.split(';')[0]!.trim(), content: decodeBytes(body, encoding) };
    return { headers, text: '', html: '', attachments: [attachment] };
  }
  const content = decodeBody(body, encoding);
  const isHtml = type.toLowerCase().startsWith('text/html');
  return { headers, text: isHtml ? '' : content, html: isHtml ? content : '', attachments: [] };
}
