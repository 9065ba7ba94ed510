// Every mail the server writes escapes what people typed (names, titles, comments, links) in its HTML part
// through the one helper, server/domain/shared/mailHtml.ts: a hostile name goes through each builder and comes
// out as text, never as a tag or a quote closing an attribute; its line breaks never reach a subject. The
// builders are listed here; a file of server/ with a function answering an OutgoingMail that is not in the list
// fails the last test, so a new mail is written through the helper and checked here too.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passwordResetMail } from '../../server/domain/account/passwordResetMail';
import { statementMail } from '../../server/domain/finance/statementMail';
import { guestRegisteredMail } from '../../server/domain/guests/hostMail';
import { invitationMail, rejectionMail } from '../../server/domain/invitations/mail';
import { cfdiMail } from '../../server/domain/invoicing/cfdis/mail';
import { stampRequestMail } from '../../server/domain/invoicing/stampRequests';
import { pollReceiptMail } from '../../server/domain/polls/receiptMail';
import { unreadNoticeMail } from '../../server/domain/posts/noticeMail';
import { providerContactMail } from '../../server/domain/providerContact/providerContactMail';
import { publicContactMail } from '../../server/domain/publicPage/publicContactMail';
import { escapeHtml } from '../../server/domain/shared/mailHtml';
import { supportAnswerMail } from '../../server/domain/support/offlineMail';
import { ticketCopyMail } from '../../server/domain/tickets/copyMail';
import type { OutgoingMail } from '../../server/infra/mail/mailer';
import type { Statement } from '../../src/api/finance';

const HOSTILE = `<img src=x onerror=alert(1)>"'&\r\nBcc: victima@example.com`;
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;';
/** A link that would close its href and open a tag if written raw. */
const LINK = `https://app.condominio.test/x?a="><script>alert(1)</script>&b='`;

/** Each builder with the hostile text in every field a person types; the file it lives in. */
const BUILDERS: Record<string, { file: string; mail: () => OutgoingMail }> = {
  statementMail: {
    file: 'server/domain/finance/statementMail.ts',
    mail: () =>
      statementMail(
        'a@demo.mx',
        'en',
        {
          ApartmentId: 1,
          AptName: HOSTILE,
          TorreName: HOSTILE,
          CondoName: HOSTILE,
          Residentes: [HOSTILE],
          fechaInicio: '2025-01-01',
          fechaFin: '2025-12-31',
          saldoInicial: 0,
          totalCargos: 0,
          totalAbonos: 0,
          saldoFinal: 1000,
          vencido: 0,
          movimientos: [],
        } satisfies Statement,
        { filename: HOSTILE, content: Buffer.from('') },
      ),
  },
  cfdiMail: {
    file: 'server/domain/invoicing/cfdis/mail.ts',
    mail: () =>
      cfdiMail(
        'a@demo.mx',
        {
          receiver: HOSTILE,
          issuer: HOSTILE,
          issuerRfc: HOSTILE,
          folio: HOSTILE,
          uuid: HOSTILE,
          totalCents: 100,
          cancelled: true,
        },
        [],
      ),
  },
  stampRequestMail: {
    file: 'server/domain/invoicing/stampRequests.ts',
    mail: () =>
      stampRequestMail('a@demo.mx', {
        requestId: 1,
        condoName: HOSTILE,
        rfc: HOSTILE,
        razonSocial: HOSTILE,
        quantity: 100,
        note: HOSTILE,
        stampsAvailable: 3,
        requestedBy: HOSTILE,
        requesterEmail: HOSTILE,
        at: HOSTILE,
      }),
  },
  passwordResetMail: {
    file: 'server/domain/account/passwordResetMail.ts',
    mail: () => passwordResetMail('fr', { email: 'a@demo.mx', name: HOSTILE }, LINK, 30),
  },
  publicContactMail: {
    file: 'server/domain/publicPage/publicContactMail.ts',
    mail: () =>
      publicContactMail('a@demo.mx', 'en', {
        kind: 'access',
        condoName: HOSTILE,
        nombre: HOSTILE,
        email: HOSTILE,
        tel: HOSTILE,
        comentarios: HOSTILE,
        vivienda: HOSTILE,
      }),
  },
  supportAnswerMail: {
    file: 'server/domain/support/offlineMail.ts',
    mail: () =>
      supportAnswerMail('a@demo.mx', 'es', { condoName: HOSTILE, agentName: HOSTILE, text: HOSTILE, attachments: 1, link: LINK }),
  },
  ticketCopyMail: {
    file: 'server/domain/tickets/copyMail.ts',
    mail: () =>
      ticketCopyMail({
        to: { email: 'a@demo.mx', name: HOSTILE },
        language: 'es',
        ticketId: 1,
        condoName: HOSTILE,
        sectionName: HOSTILE,
        category: HOSTILE,
        place: HOSTILE,
        priority: 'alta',
        title: HOSTILE,
        description: HOSTILE,
        attachments: 1,
        confirmation: HOSTILE,
        link: LINK,
      }),
  },
  pollReceiptMail: {
    file: 'server/domain/polls/receiptMail.ts',
    mail: () =>
      pollReceiptMail({
        to: { email: 'a@demo.mx', name: HOSTILE },
        language: 'en',
        condoName: HOSTILE,
        sectionName: HOSTILE,
        title: HOSTILE,
        seat: HOSTILE,
        when: HOSTILE,
        code: HOSTILE,
        secret: true,
        changed: false,
        confirmation: HOSTILE,
        link: LINK,
      }),
  },
  invitationMail: {
    file: 'server/domain/invitations/mail.ts',
    mail: () =>
      invitationMail('es', {
        email: 'a@demo.mx',
        name: HOSTILE,
        condo: HOSTILE,
        dwelling: HOSTILE,
        kind: 'owner',
        roles: [],
        link: LINK,
        days: 7,
      }),
  },
  rejectionMail: {
    file: 'server/domain/invitations/mail.ts',
    mail: () => rejectionMail('en', { email: 'a@demo.mx', name: HOSTILE, condo: HOSTILE, message: HOSTILE }),
  },
  providerContactMail: {
    file: 'server/domain/providerContact/providerContactMail.ts',
    mail: () =>
      providerContactMail('a@demo.mx', {
        request: {
          tab: 'agendar',
          nombre: HOSTILE,
          telefono: '5512345678',
          prefieresContacto: 'whatsapp',
          fechaContacto: '2026-06-16',
          horarioTentativo: '10:00',
        },
        condoName: HOSTILE,
        adminEmail: HOSTILE,
      }),
  },
  unreadNoticeMail: {
    file: 'server/domain/posts/noticeMail.ts',
    mail: () =>
      unreadNoticeMail({ to: 'a@demo.mx', language: 'fr', condo: HOSTILE, section: HOSTILE, title: HOSTILE, link: LINK }),
  },
  guestRegisteredMail: {
    file: 'server/domain/guests/hostMail.ts',
    mail: () =>
      guestRegisteredMail({
        to: { email: 'a@demo.mx', name: HOSTILE },
        language: 'fr',
        guestName: HOSTILE,
        eventName: HOSTILE,
        manualKey: 'ABCD2345',
      }),
  },
};

describe('mail HTML escaping', () => {
  it('escapes & < > " and \' (attributes too)', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  for (const [name, { mail }] of Object.entries(BUILDERS)) {
    it(`${name} writes a hostile name as text`, () => {
      const { html, subject } = mail();
      expect(html).toContain(ESCAPED);
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<script');
      expect(html).not.toContain(`"'&`);
      // Every attribute value is closed by its own quote: nothing typed runs on after an href="…".
      for (const match of html.matchAll(/\s(\w+)="([^"]*)"/g)) expect(match[2]).not.toMatch(/[<>']/);
      expect(subject).not.toMatch(/[\r\n]/);
    });
  }

  it('knows every server file that builds a mail', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && /\)\s*:\s*OutgoingMail\b/.test(fs.readFileSync(full, 'utf8'))) files.push(full);
      }
    };
    walk('server');
    const listed = new Set(Object.values(BUILDERS).map((b) => b.file));
    expect(files.filter((f) => !listed.has(f.split(path.sep).join('/')))).toEqual([]);
    expect(files.length).toBeGreaterThanOrEqual(listed.size);
  });

  it('escapes for HTML in one place: no other mail file writes its own entities', () => {
    const own = Object.values(BUILDERS)
      .map((b) => b.file)
      .filter((file) => /&amp;|&lt;|&#/.test(fs.readFileSync(file, 'utf8')));
    expect(own).toEqual([]);
  });
});
