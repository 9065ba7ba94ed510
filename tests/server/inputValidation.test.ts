// Input that is wrong gets 400 naming the field, on both databases (issue 11, part 5), point by point:
// text no database keeps as sent (NUL, half a surrogate pair, bytes that are not UTF-8) on every kind of
// route and request part; real calendar dates and sane years; the sections calls taking the whole section;
// and the caller's right to a route decided before its input is validated. Each refusal writes nothing
// (row triggers count every write: tests/support/writeCounter.ts). tests/server/fuzzRoutes.test.ts sends
// generated input to every route.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '../../src/api/account';
import { BLOG_PATHS, type Blog } from '../../src/api/blogs';
import { FINANCE_PATHS } from '../../src/api/finance';
import { MY_GUESTS_PATHS } from '../../src/api/myGuests';
import { STAFF_PATHS } from '../../src/api/passCheck';
import { POSTS_PATHS } from '../../src/api/posts';
import { PROFILE_PATHS } from '../../src/api/profile';
import { PROVIDER_CONTACT_PATHS } from '../../src/api/providerContact';
import { PUBLIC_CONTACT_PATHS, PUBLIC_PAGE_PATHS } from '../../src/api/publicPage';
import { GUEST_PATHS } from '../../src/api/visitorPaths';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';
import { countWrites, type WriteCounter } from '../support/writeCounter';

const NUL = '\u0000';
const HIGH_HALF = '\ud83d';
const LOW_HALF = '\ude00';

describe(`wrong input gets 400 naming the field (${dialect})`, () => {
  let t: TestApp;
  let writes: WriteCounter;
  const tokens: Record<string, string> = {};
  let palmas = 0;
  let ownDwelling = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date('2026-03-10T17:00:00Z')) });
    for (const who of ['admin', 'consejo', 'empleado', 'guardia']) tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    tokens.vecino = await signInAs(t.app, 'vecino050@demo.mx');
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    const dwellings = await call(t.app, 'GET', api(FINANCE_PATHS.dwellings), { token: tokens.admin });
    ownDwelling = (dwellings.json() as { data: { ApartmentId: number }[] }).data[0]!.ApartmentId;
    writes = await countWrites(t.app.db, dialect, ['sessions', 'app_secrets']);
  });

  /** Sends, and expects the status (and for 400 the field) with nothing written. */
  async function refused(
    status: number,
    field: string | null,
    send: () => ReturnType<typeof call>,
  ): Promise<{ message: string; field?: string }> {
    const before = await writes.read();
    const res = await send();
    await t.app.tasks.drain();
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { success: boolean; code: string; message: string; field?: string };
    expect(body.success).toBe(false);
    expect(typeof body.code).toBe('string');
    expect(body.message).toBeTruthy();
    if (field !== null) expect(body.field).toBe(field);
    expect(await writes.read()).toEqual(before);
    return body;
  }

  describe('text with a NUL or half a surrogate pair', () => {
    const BAD = [
      ['NUL', `Ana${NUL}Ruiz`],
      ['a high half alone', `Ana${HIGH_HALF}`],
      ['a low half alone', `${LOW_HALF}Ana`],
      ['halves in the wrong order', `${LOW_HALF}${HIGH_HALF}`],
    ] as const;

    it.each(BAD)('is refused in a body field (%s), where PostgreSQL answered 500 and SQLite stored it', async (_, text) => {
      const body = await refused(400, 'UserName', () =>
        call(t.app, 'POST', api(PROFILE_PATHS.updateName), { token: tokens.admin, payload: { UserName: text } }),
      );
      expect(body.message).toContain('UserName');
    });

    it('lets a whole surrogate pair (an emoji) through', async () => {
      const res = await call(t.app, 'POST', api(PROFILE_PATHS.updateName), {
        token: tokens.vecino,
        payload: { UserName: 'Vecino 😀' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('names the path of a nested field, and of a key', async () => {
      await refused(400, 'adjuntos.0.name', () =>
        call(t.app, 'POST', api(POSTS_PATHS.newPost), {
          token: tokens.admin,
          payload: { sectionId: 1, Titulo: 'Aviso', Texto: 'Texto', adjuntos: [{ name: `a${NUL}.png`, dataUrl: 'x' }] },
        }),
      );
      await refused(400, 'x\\u0000y', () =>
        call(t.app, 'POST', api(PROFILE_PATHS.updateName), {
          token: tokens.admin,
          payload: { UserName: 'Ana', [`x${NUL}y`]: 1 },
        }),
      );
    });

    it('is refused on every route that stores text, whoever calls', async () => {
      const guest = { nombre: `Ana${NUL}`, email: 'ana@correo.mx', confirmEmail: 'ana@correo.mx', formaDeAcceso: 'pie' };
      await refused(400, 'nombre', () => call(t.app, 'POST', api(GUEST_PATHS.register('demo-evento')), { payload: guest }));
      await refused(400, 'nombre', () =>
        call(t.app, 'POST', api(PUBLIC_CONTACT_PATHS.contact), {
          payload: {
            kind: 'contact',
            condoId: palmas,
            nombre: `x${HIGH_HALF}`,
            email: 'a@b.mx',
            tel: '5512345678',
            comentarios: 'Hola',
          },
        }),
      );
      await refused(400, 'codigo', () =>
        call(t.app, 'POST', api(STAFF_PATHS.checkPass), { token: tokens.guardia, payload: { codigo: `DEMO${NUL}` } }),
      );
      await refused(400, 'Texto', () =>
        call(t.app, 'POST', api(POSTS_PATHS.newComment), {
          token: tokens.admin,
          payload: { postId: 1, Texto: `Hola${LOW_HALF}` },
        }),
      );
      await refused(400, 'nombre', () =>
        call(t.app, 'POST', api(PROVIDER_CONTACT_PATHS.contact), {
          token: tokens.admin,
          payload: {
            tab: 'llamar',
            nombre: `Ana${NUL}`,
            telefono: '5512345678',
            prefieresContacto: 'whatsapp',
            fechaContacto: '2026-03-11',
            horarioTentativo: '10:00',
          },
        }),
      );
    });

    it('is refused in the querystring and in path parameters', async () => {
      await refused(400, 'search', () =>
        call(t.app, 'GET', `${api(POSTS_PATHS.sectionPosts(1))}?search=a%00b`, { token: tokens.admin }),
      );
      await refused(400, 'subdomain', () => call(t.app, 'GET', api(PUBLIC_PAGE_PATHS.condoBySubdomain('pal%00mas'))));
      await refused(400, 'token', () => call(t.app, 'GET', api(GUEST_PATHS.formInfo('demo%00evento'))));
    });

    it('is refused on routes that take no input at all', async () => {
      // crear-link reads no body; a body it does not read is still checked, like every route's.
      await refused(400, 'nota', () =>
        call(t.app, 'POST', api(MY_GUESTS_PATHS.createUserLink), { token: tokens.vecino, payload: { nota: `x${NUL}` } }),
      );
      await refused(400, 'q', () => call(t.app, 'GET', `${api(BLOG_PATHS.towers)}?q=%00`, { token: tokens.admin }));
    });

    it('refuses a body that is not UTF-8, instead of storing U+FFFD for its bytes', async () => {
      for (const bytes of [[0xed, 0xa0, 0x80], [0xff], [0xc3]]) {
        const payload = Buffer.concat([Buffer.from('{"UserName":"Ana'), Buffer.from(bytes), Buffer.from('"}')]);
        await refused(400, 'body', () =>
          call(t.app, 'POST', api(PROFILE_PATHS.updateName), {
            token: tokens.admin,
            payload: payload as unknown as object,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
    });

    it('refuses input nested deeper than any request, and keys every object already has', async () => {
      const deep = `{"UserName":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      await refused(400, null, () =>
        call(t.app, 'POST', api(PROFILE_PATHS.updateName), {
          token: tokens.admin,
          payload: deep as unknown as object,
          headers: { 'content-type': 'application/json' },
        }),
      );
      await refused(400, 'UserName.toString', () =>
        call(t.app, 'POST', api(PROFILE_PATHS.updateName), { token: tokens.admin, payload: { UserName: { toString: 'x' } } }),
      );
    });

    it('answers an address the router cannot decode in the error shape', async () => {
      await refused(400, 'url', () => call(t.app, 'GET', api(PUBLIC_PAGE_PATHS.condoBySubdomain('pal%ED%A0%80mas'))));
      await refused(400, 'params', () => call(t.app, 'GET', api(GUEST_PATHS.formInfo('x'.repeat(101)))));
    });
  });

  describe('dates and years', () => {
    const statement = (from: string, to: string) =>
      `${api(FINANCE_PATHS.statement)}?ApartmentId=${ownDwelling}&fechaInicio=${from}&fechaFin=${to}`;

    it.each([
      ['2026-02-30', 'fechaInicio'],
      ['0000-00-00', 'fechaInicio'],
      ['2025-13-01', 'fechaInicio'],
      ['1899-12-31', 'fechaInicio'],
      ['2101-01-01', 'fechaInicio'],
      ['2026-2-3', 'fechaInicio'],
    ])('refuses the statement period starting %s', async (date, field) => {
      const body = await refused(400, field, () => call(t.app, 'GET', statement(date, '2026-03-01'), { token: tokens.admin }));
      // Named as the screen names it, with what is wrong.
      expect(body.message).toBe('Fecha de inicio: fecha no válida.');
    });

    it('takes real dates, 29 February of a leap year included', async () => {
      const res = await call(t.app, 'GET', statement('2024-02-29', '2026-02-28'), { token: tokens.admin });
      expect(res.statusCode).toBe(200);
    });

    it('refuses report and bulk periods that are not calendar days', async () => {
      await refused(400, 'fechaFin', () =>
        call(t.app, 'GET', `${api(FINANCE_PATHS.report)}?Clave=IngEg&fechaInicio=2026-01-01&fechaFin=2026-04-31`, {
          token: tokens.admin,
        }),
      );
      await refused(400, 'fechaInicio', () =>
        call(t.app, 'POST', api(FINANCE_PATHS.bulkPdf), {
          token: tokens.admin,
          payload: {
            ApartmentsId: [ownDwelling],
            periodo: true,
            fechaInicio: '2025-02-29',
            fechaFin: '2025-03-01',
            TipoDescarga: 'pdf',
            TipoImpresion: 'normal',
          },
        }),
      );
    });

    it.each([1e308, -1e308, 2101, 1899, 2025.5, 0])(
      'refuses a bulk statements year of %s (residents were mailed "Periodo del 01/01/1e+308")',
      async (year) => {
        await refused(400, 'year', () =>
          call(t.app, 'POST', api(FINANCE_PATHS.bulkMail), {
            token: tokens.admin,
            payload: { ApartmentsId: [ownDwelling], periodo: false, year },
          }),
        );
      },
    );

    it('takes a year within 1900..2100', async () => {
      const res = await call(t.app, 'POST', api(FINANCE_PATHS.bulkPdf), {
        token: tokens.admin,
        payload: { ApartmentsId: [ownDwelling], periodo: false, year: 2025, TipoDescarga: 'pdf', TipoImpresion: 'normal' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses impossible dates of passes, events and provider contacts', async () => {
      const pass = {
        tipo: 'temporal',
        nombre: 'Julia',
        email: '',
        telefono: '',
        fechaInicio: '2026-02-30',
        fechaFin: '2026-03-12',
        horaInicio: '',
        horaFin: '',
        diasAcceso: [],
        notaVisitante: '',
        nombreInfante: '',
        apartmentId: null,
      };
      await refused(400, 'fechaInicio', () =>
        call(t.app, 'POST', api(MY_GUESTS_PATHS.createPass), { token: tokens.vecino, payload: pass }),
      );
      const event = {
        nombre: 'Fiesta',
        descripcion: '',
        fecha: '2026-04-31',
        hora: '19:00',
        acompanantes: 0,
        limiteInvitados: 10,
        limiteAutos: 0,
        puntoDeAccesoId: null,
        notaVisitante: '',
      };
      await refused(400, 'fecha', () =>
        call(t.app, 'POST', api(MY_GUESTS_PATHS.createEvent), { token: tokens.vecino, payload: event }),
      );
      await refused(400, 'fechaContacto', () =>
        call(t.app, 'POST', api(PROVIDER_CONTACT_PATHS.contact), {
          token: tokens.admin,
          payload: {
            tab: 'agendar',
            nombre: 'Ana',
            telefono: '5512345678',
            prefieresContacto: null,
            fechaContacto: '2026-02-30',
            horarioTentativo: '10:00',
          },
        }),
      );
    });

    it('refuses an id beyond what the database holds, instead of failing the query', async () => {
      await refused(400, 'id', () => call(t.app, 'GET', api(PUBLIC_PAGE_PATHS.condoById(5_512_345_678))));
      await refused(400, 'postId', () =>
        call(t.app, 'POST', api(POSTS_PATHS.newComment), { token: tokens.admin, payload: { postId: 2 ** 31, Texto: 'Hola' } }),
      );
    });
  });

  describe('the sections calls take the section', () => {
    async function blogs(): Promise<Blog[]> {
      return ((await call(t.app, 'GET', api(BLOG_PATHS.list), { token: tokens.admin })).json() as { data: Blog[] }).data;
    }

    it('enable-disable-section: the whole section as blogs-list gives it, other fields ignored', async () => {
      const [first] = await blogs();
      const sent = { ...first!, SectStatus: first!.SectStatus === 'A' ? 'I' : 'A', SectName: 'Not renamed', extra: { x: 1 } };
      const res = await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), { token: tokens.admin, payload: sent });
      expect(res.statusCode, res.body).toBe(200);
      const answer = (res.json() as { data: Blog }).data;
      expect(answer.SectStatus).toBe(sent.SectStatus);
      expect(answer.SectName).toBe(first!.SectName);
      // Back as it was, with only the two fields the call needs.
      const back = await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), {
        token: tokens.admin,
        payload: { SectId: first!.SectId, SectStatus: first!.SectStatus },
      });
      expect(back.statusCode).toBe(200);
    });

    it('enable-disable-section: still validates what it needs', async () => {
      const [first] = await blogs();
      await refused(400, 'SectStatus', () =>
        call(t.app, 'POST', api(BLOG_PATHS.enableDisable), { token: tokens.admin, payload: { ...first!, SectStatus: 'X' } }),
      );
      const { SectId: _, ...withoutId } = first!;
      await refused(400, 'SectId', () =>
        call(t.app, 'POST', api(BLOG_PATHS.enableDisable), { token: tokens.admin, payload: withoutId }),
      );
      await refused(400, 'SectName', () =>
        call(t.app, 'POST', api(BLOG_PATHS.enableDisable), { token: tokens.admin, payload: { ...first!, SectName: `x${NUL}` } }),
      );
    });

    it('update-section-position: the affected sections whole, positions applied, names untouched', async () => {
      const all = await blogs();
      const [a, b] = all;
      const affected = [
        { ...a!, SectPosition: b!.SectPosition, SectName: 'ignored' },
        { ...b!, SectPosition: a!.SectPosition },
      ];
      const res = await call(t.app, 'POST', api(BLOG_PATHS.updatePositions), { token: tokens.admin, payload: affected });
      expect(res.statusCode, res.body).toBe(200);
      const after = (res.json() as { data: Blog[] }).data;
      expect(after.find((blog) => blog.SectId === a!.SectId)).toMatchObject({
        SectPosition: b!.SectPosition,
        SectName: a!.SectName,
      });
      await refused(400, '0.SectPosition', () =>
        call(t.app, 'POST', api(BLOG_PATHS.updatePositions), { token: tokens.admin, payload: [{ ...a!, SectPosition: 0 }] }),
      );
    });
  });

  describe('who may call a route is decided before its input is validated', () => {
    const garbage = { ApartmentsId: 'all', year: 1e308, periodo: 'yes', fechaInicio: '0000-00-00', extra: `x${NUL}` };

    it('an employee learns nothing about a statements request: 403 whatever the body', async () => {
      for (const path of [FINANCE_PATHS.bulkMail, FINANCE_PATHS.bulkPdf]) {
        const body = await refused(403, null, () => call(t.app, 'POST', api(path), { token: tokens.empleado, payload: garbage }));
        expect(body.field).toBeUndefined();
        await refused(403, null, () =>
          call(t.app, 'POST', api(path), {
            token: tokens.empleado,
            payload: '{"broken' as unknown as object,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
      await refused(403, null, () =>
        call(t.app, 'GET', `${api(FINANCE_PATHS.statement)}?ApartmentId=x&fechaInicio=0000-00-00`, { token: tokens.empleado }),
      );
      await refused(403, null, () => call(t.app, 'GET', `${api(FINANCE_PATHS.report)}?Clave=Nope`, { token: tokens.empleado }));
    });

    it('a board member may generate statements but not mail them: 403 on the mail call whatever the body', async () => {
      await refused(403, null, () =>
        call(t.app, 'POST', api(FINANCE_PATHS.bulkMail), { token: tokens.consejo, payload: garbage }),
      );
      // Allowed to use the route, it hears what is wrong with the body.
      await refused(400, 'ApartmentsId', () =>
        call(t.app, 'POST', api(FINANCE_PATHS.bulkPdf), { token: tokens.consejo, payload: { ...garbage, extra: 'x' } }),
      );
    });

    it('the other role-only routes refuse before validating', async () => {
      const cases: [string, string, 'GET' | 'POST'][] = [
        ['vecino', PROVIDER_CONTACT_PATHS.contact, 'POST'],
        ['vecino', BLOG_PATHS.enableDisable, 'POST'],
        ['vecino', BLOG_PATHS.updatePositions, 'POST'],
        ['vecino', POSTS_PATHS.approvePost, 'POST'],
        ['empleado', POSTS_PATHS.newPost, 'POST'],
        ['empleado', POSTS_PATHS.newComment, 'POST'],
        ['vecino', STAFF_PATHS.checkPass, 'POST'],
        ['empleado', MY_GUESTS_PATHS.createPass, 'POST'],
        ['empleado', MY_GUESTS_PATHS.createEvent, 'POST'],
        ['empleado', `${MY_GUESTS_PATHS.passes}?limit=-1`, 'GET'],
        ['empleado', `${POSTS_PATHS.sectionPosts('abc')}?limit=x`, 'GET'],
      ];
      for (const [who, path, method] of cases) {
        await refused(403, null, () =>
          call(t.app, method, api(path), { token: tokens[who], ...(method === 'POST' ? { payload: garbage } : {}) }),
        );
      }
    });

    it('without a session: 401 whatever the input', async () => {
      for (const path of [
        FINANCE_PATHS.bulkMail,
        PROVIDER_CONTACT_PATHS.contact,
        PROFILE_PATHS.updateName,
        ACCOUNT_PATHS.language,
      ]) {
        await refused(401, null, () => call(t.app, 'POST', api(path), { payload: garbage }));
      }
    });
  });
});
