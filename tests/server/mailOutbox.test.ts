// The outbox keeps what SMTP did not take, attachments included, and the re-sender delivers it later:
// through a real SMTP listener, with backoff, once even when two processes race, never after it expired,
// and never while there is no SMTP at all.
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import type { Clock } from '../../server/infra/clock';
import { createMailer, type Mailer, type OutgoingMail } from '../../server/infra/mail/mailer';
import { CLAIM_LEASE_MS, claimMail, RETRY_MAX_ATTEMPTS, storeInOutbox } from '../../server/infra/mail/outbox';
import { createResender, type Resender } from '../../server/infra/mail/resender';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';
import { openTestDatabase, type TestDatabase } from '../support/testDatabase';

const FROM = 'Comunidad <avisos@condominio.test>';
const quietLog = { failed: () => {}, expired: () => {}, broken: () => {} };

/** A re-sender over `db` with its own SMTP transport, as another server process would have. */
function resenderFor(db: Kysely<Database>, clock: Clock, mailbox: Mailbox): { resender: Resender; mailer: Mailer } {
  const mailer = createMailer(db, clock, { smtpUrl: mailbox.url, from: FROM, onFailure: () => {} });
  const resender = createResender({ db, clock, deliver: mailer.deliver!, intervalMs: 0, log: quietLog });
  return { resender, mailer };
}

const pdfBytes = (label: string) => Buffer.from(`%PDF-1.3\n% ${label}\n%%EOF\n`, 'latin1');

function mail(n: number, extra: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: `vecino${String(n).padStart(3, '0')}@demo.mx`,
    subject: `Aviso ${n}`,
    text: `Texto ${n}`,
    html: `<p>Texto ${n}</p>`,
    attachments: [{ filename: `aviso-${n}.pdf`, contentType: 'application/pdf', content: pdfBytes(`aviso ${n}`) }],
    ...extra,
  };
}

async function outboxRows(db: Kysely<Database>) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

async function storedAttachments(db: Kysely<Database>, mailId: number) {
  return db
    .selectFrom('mail_outbox_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['a.file_name', 'f.content_type', 'f.data'])
    .where('a.mail_id', '=', mailId)
    .orderBy('a.position')
    .execute();
}

describe(`statement e-mails through the outbox (${dialect})`, () => {
  const clock = testClock(new Date('2026-03-15T18:00:00Z'));
  let mailbox: Mailbox;
  let t: TestApp | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    mailbox.refuse = false;
  });
  afterAll(() => mailbox?.close());

  async function mailStatement(app: TestApp['app'], dwelling: string) {
    const [tower, name] = dwelling.split('/');
    const apartment = await app.db
      .selectFrom('apartments as a')
      .innerJoin('towers as t', 't.id', 'a.tower_id')
      .select('a.id')
      .where('t.name', '=', tower!)
      .where('a.name', '=', name!)
      .executeTakeFirstOrThrow();
    const token = await signInAs(app, 'admin@demo.mx');
    const res = await call(app, 'POST', '/api/--financiero/send-multi-edo-cta', {
      token,
      payload: { ApartmentsId: [apartment.id], periodo: false, year: 2026 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, enviados: 1 });
  }

  it('keeps the statement PDF in the outbox without SMTP, and sends it with the PDF once SMTP is there', async () => {
    t = await createTestApp({ clock });
    expect(t.app.mailResender).toBeNull();
    // The demo's own PDFs (a proof of payment's file) stay; the outbox's attachment goes once delivered.
    const pdfFiles = () => t!.app.db.selectFrom('files').select('id').where('content_type', '=', 'application/pdf').execute();
    const demoPdfs = await pdfFiles();
    await mailStatement(t.app, 'Torre A/101');

    const [row] = await outboxRows(t.app.db);
    expect(row).toMatchObject({
      to_address: 'residente@demo.mx',
      subject: 'Estado de cuenta Torre A - 101 - Residencial Las Palmas',
      attempts: 0,
      last_error: null,
      next_attempt_at: clock.now().toISOString(),
      sent_at: null,
    });
    const [attachment] = await storedAttachments(t.app.db, row!.id);
    expect(attachment!.file_name).toBe('estado-de-cuenta-torre-a-101-2026-01-01-2026-12-31.pdf');
    expect(attachment!.content_type).toBe('application/pdf');
    const stored = Buffer.from(attachment!.data);
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(stored)).toContain('Estado de cuenta - Torre A - 101');

    // A process with SMTP_URL on the same database delivers it, attachment and all, and forgets it.
    const { resender, mailer } = resenderFor(t.app.db, clock, mailbox);
    const before = mailbox.messages.length;
    expect(await resender.runOnce()).toBe(1);
    const arrived = await mailbox.waitFor(before + 1);
    expect(arrived.to).toEqual(['residente@demo.mx']);
    expect(arrived.text).toContain('Periodo del 01/01/2026 al 31/12/2026');
    expect(arrived.attachments).toHaveLength(1);
    expect(arrived.attachments[0]!.filename).toBe('estado-de-cuenta-torre-a-101-2026-01-01-2026-12-31.pdf');
    expect(arrived.attachments[0]!.content.equals(stored)).toBe(true);
    expect(await outboxRows(t.app.db)).toEqual([]);
    expect(await t.app.db.selectFrom('mail_outbox_attachments').selectAll().execute()).toEqual([]);
    expect(await pdfFiles()).toEqual(demoPdfs);
    mailer.close();
  });

  it('keeps a refused statement with its PDF, retries it with backoff, and it arrives once', async () => {
    t = await createTestApp({ clock, env: { SMTP_URL: mailbox.url, MAIL_FROM: FROM } });
    const resender = t.app.mailResender!;
    const before = mailbox.messages.length;
    mailbox.refuse = true;
    await mailStatement(t.app, 'Torre A/101');

    const start = clock.now().getTime();
    const [row] = await outboxRows(t.app.db);
    expect(row).toMatchObject({ attempts: 1, next_attempt_at: new Date(start + 60_000).toISOString(), sent_at: null });
    expect(row!.last_error).toContain('554');
    expect(await storedAttachments(t.app.db, row!.id)).toHaveLength(1);

    // Not due yet: nothing is tried.
    mailbox.refuse = false;
    expect(await resender.runOnce()).toBe(0);
    expect((await outboxRows(t.app.db))[0]!.attempts).toBe(1);

    // Due, refused again: the wait doubles.
    mailbox.refuse = true;
    clock.advanceMinutes(1);
    expect(await resender.runOnce()).toBe(0);
    const [second] = await outboxRows(t.app.db);
    expect(second).toMatchObject({
      attempts: 2,
      next_attempt_at: new Date(start + 60_000 + 120_000).toISOString(),
      claimed_by: null,
      claimed_until: null,
    });

    // The SMTP server takes it: it arrives once, with its PDF, and leaves the outbox.
    mailbox.refuse = false;
    clock.advanceMinutes(2);
    expect(await resender.runOnce()).toBe(1);
    const arrived = await mailbox.waitFor(before + 1);
    expect(arrived.subject).toBe('Estado de cuenta Torre A - 101 - Residencial Las Palmas');
    expect(arrived.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await outboxRows(t.app.db)).toEqual([]);
    clock.advanceMinutes(60);
    expect(await resender.runOnce()).toBe(0);
    expect(mailbox.messages.length).toBe(before + 1);
  });
});

describe(`the outbox re-sender (${dialect})`, () => {
  let mailbox: Mailbox;
  let t: TestDatabase;
  let db: Kysely<Database>;
  const closers: (() => unknown)[] = [];
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await openTestDatabase();
    db = t.handle.db;
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    mailbox.refuse = false;
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('files').execute();
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  /** A second connection to the same database where the dialect allows it (SQLite keeps one writer). */
  function secondHandle(): Kysely<Database> {
    if (dialect === 'sqlite') return db;
    const handle: DatabaseHandle = openDatabase(t.config);
    closers.push(() => handle.close());
    return handle.db;
  }

  it('delivers each of many mails once when two processes race for them', async () => {
    const clock = testClock(new Date('2026-03-15T18:00:00Z'));
    for (let n = 1; n <= 12; n++) await storeInOutbox(db, clock, mail(n), null);
    const a = resenderFor(db, clock, mailbox);
    const b = resenderFor(secondHandle(), clock, mailbox);
    closers.push(
      () => a.mailer.close(),
      () => b.mailer.close(),
    );
    const before = mailbox.messages.length;

    const [byA, byB] = await Promise.all([a.resender.runOnce(), b.resender.runOnce()]);
    expect(byA + byB).toBe(12);
    await mailbox.waitFor(before + 12);
    const subjects = mailbox.messages.slice(before).map((m) => m.subject);
    expect(subjects.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Aviso ${i + 1}`).sort());
    for (const m of mailbox.messages.slice(before)) {
      expect(m.attachments[0]!.content.toString('latin1')).toBe(pdfBytes(m.subject.toLowerCase()).toString('latin1'));
    }
    expect(await outboxRows(db)).toEqual([]);
    // A pass resolves only once the SMTP server has answered for every mail it sent, so a mail sent twice
    // would already be in the mailbox; and a further pass of either finds nothing left to send.
    expect(mailbox.messages.length).toBe(before + 12);
    expect(await a.resender.runOnce()).toBe(0);
    expect(await b.resender.runOnce()).toBe(0);
    expect(mailbox.messages.length).toBe(before + 12);
  });

  it('lets exactly one of two simultaneous claims on a row win, until its lease ends', async () => {
    const clock = testClock(new Date('2026-03-15T18:00:00Z'));
    const other = secondHandle();
    for (let n = 1; n <= 8; n++) await storeInOutbox(db, clock, mail(n), null);
    for (const row of await outboxRows(db)) {
      const now = clock.now();
      const [first, second] = await Promise.all([claimMail(db, row.id, 'a', now), claimMail(other, row.id, 'b', now)]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      const winner = (await db.selectFrom('mail_outbox').select('claimed_by').where('id', '=', row.id).executeTakeFirstOrThrow())
        .claimed_by;
      expect(winner).toBe(first ? 'a' : 'b');
    }
    // A lease that has run out (its process died mid-send) frees the row for another.
    const [row] = await outboxRows(db);
    expect(await claimMail(other, row!.id, 'c', clock.now())).toBeNull();
    const afterLease = new Date(clock.now().getTime() + CLAIM_LEASE_MS + 1);
    const taken = await claimMail(other, row!.id, 'c', afterLease);
    expect(taken?.mail.attachments?.[0]?.filename).toBe('aviso-1.pdf');
  });

  it('drops a reset link that expired before SMTP took it, and gives up after the last attempt', async () => {
    const clock = testClock(new Date('2026-03-15T18:00:00Z'));
    const { resender, mailer } = resenderFor(db, clock, mailbox);
    closers.push(() => mailer.close());
    const before = mailbox.messages.length;
    const validUntil = new Date(clock.now().getTime() + 30 * 60_000);
    await storeInOutbox(db, clock, mail(1, { attachments: [], validUntil }), null);
    clock.advanceMinutes(31);
    expect(await resender.runOnce()).toBe(0);
    const [expired] = await outboxRows(db);
    expect(expired).toMatchObject({ next_attempt_at: null, valid_until: validUntil.toISOString(), sent_at: null });
    expect(expired!.last_error).toMatch(/expired/);

    // The last allowed attempt refused: kept for the administrators, never tried again.
    await storeInOutbox(db, clock, mail(2), 'first refusal');
    const [, last] = await outboxRows(db);
    await db
      .updateTable('mail_outbox')
      .set({ attempts: RETRY_MAX_ATTEMPTS - 1, next_attempt_at: clock.now().toISOString() })
      .where('id', '=', last!.id)
      .execute();
    mailbox.refuse = true;
    expect(await resender.runOnce()).toBe(0);
    const [, gaveUp] = await outboxRows(db);
    expect(gaveUp).toMatchObject({ attempts: RETRY_MAX_ATTEMPTS, next_attempt_at: null });
    mailbox.refuse = false;
    clock.advanceMinutes(60 * 24 * 7);
    expect(await resender.runOnce()).toBe(0);
    expect(mailbox.messages.length).toBe(before);
    expect(await storedAttachments(db, gaveUp!.id)).toHaveLength(1);
  });

  it('leaves rows from before re-sending existed where they are', async () => {
    const clock = testClock(new Date('2026-03-15T18:00:00Z'));
    const { resender, mailer } = resenderFor(db, clock, mailbox);
    closers.push(() => mailer.close());
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: 'admin@demo.mx',
        subject: 's',
        text: 't',
        html: 'h',
        created_at: '2026-01-01T00:00:00.000Z',
        sent_at: null,
      })
      .execute();
    expect(await resender.runOnce()).toBe(0);
    expect(await outboxRows(db)).toHaveLength(1);
  });
});

describe(`the re-sender in the running app (${dialect})`, () => {
  let mailbox: Mailbox;
  let t: TestApp | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  it('sends due mail on its own every MAIL_RETRY_SECONDS, and closing waits for the mail in flight', async () => {
    t = await createTestApp({ seed: false, env: { SMTP_URL: mailbox.url, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' } });
    await t.app.ready();
    const before = mailbox.messages.length;
    await storeInOutbox(t.app.db, t.app.clock, mail(1), null);
    await mailbox.waitFor(before + 1, 10_000);
    await expect.poll(async () => (await outboxRows(t!.app.db)).length, { timeout: 5000 }).toBe(0);

    // The next one is held by the SMTP server while the app closes: close() waits for it, and closes the
    // SMTP transport (the step after the re-sender has stopped) only once the SMTP server has taken it.
    const release = mailbox.hold();
    await storeInOutbox(t.app.db, t.app.clock, mail(2), null);
    await expect.poll(() => mailbox.held, { timeout: 10_000 }).toBe(1);
    const db = t.app.db;
    const rowsBeforeClose = await outboxRows(db);
    expect(rowsBeforeClose).toHaveLength(1);
    expect(rowsBeforeClose[0]!.claimed_by).not.toBeNull();
    const resender = t.app.mailResender!;
    const stopResender = resender.stop.bind(resender);
    let stopping = false;
    resender.stop = () => {
      stopping = true;
      return stopResender();
    };
    const mailer = t.app.mailer;
    const closeTransport = mailer.close.bind(mailer);
    let arrivedWhenTransportClosed: number | null = null;
    mailer.close = () => {
      arrivedWhenTransportClosed = mailbox.messages.length;
      closeTransport();
    };
    const closing = t.app.close();
    // Close has reached the re-sender, with the mail still held; only now does the SMTP server take it. A
    // stop() that did not wait would have let close() go on to the transport already.
    await expect.poll(() => stopping, { timeout: 10_000 }).toBe(true);
    expect(mailbox.held).toBe(1);
    release();
    await closing;
    expect(arrivedWhenTransportClosed).toBe(before + 2);
    expect(mailbox.messages.length).toBe(before + 2);
  }, 30_000);
});
