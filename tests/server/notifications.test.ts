// Notifications (issue 6): the panel's last six with the unread total, the list a page of 20 with its
// counter, opening marks read, each member sees only their own in their session's condominium, and a
// guest's registration tells the host.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/domain/shared/notify';
import {
  LatestNotificationsAnswer,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PANEL_SIZE,
  NOTIFICATIONS_PATHS,
  NotificationsPageAnswer,
} from '../../src/api/notifications';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

describe(`notifications (${dialect})`, () => {
  // 18:30 UTC is 12:30 in Mexico City.
  const clock = testClock(new Date('2026-11-21T18:30:00Z'));
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    token = await signInAs(t.app, 'vecino030@demo.mx');
    userId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'vecino030@demo.mx').executeTakeFirstOrThrow())
      .id;
    // 45 notifications, one a minute, oldest first.
    for (let n = 1; n <= 45; n++) {
      await notify(t.app.db, t.app.clock, [userId], {
        condoId: 1,
        titulo: `Aviso ${n}`,
        textoApp: `Texto ${n}`,
        modulo: 'publicacion',
        props: { postID: n },
      });
      clock.advanceMinutes(1);
    }
  });

  const latest = async (who = token) => {
    const body = (await call(t.app, 'GET', api(NOTIFICATIONS_PATHS.latest), { token: who })).json();
    assert(body, LatestNotificationsAnswer);
    return body;
  };
  const page = async (query: string) => {
    const res = await call(t.app, 'GET', api(`${NOTIFICATIONS_PATHS.list}${query}`), { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, NotificationsPageAnswer);
    return body;
  };

  it('the panel has the newest six and the unread total, dated in the condominium’s time zone', async () => {
    const panel = await latest();
    expect(panel.items).toHaveLength(NOTIFICATIONS_PANEL_SIZE);
    expect(panel.items.map((i) => i.Titulo)).toEqual(['Aviso 45', 'Aviso 44', 'Aviso 43', 'Aviso 42', 'Aviso 41', 'Aviso 40']);
    expect(panel.unread).toBe(45);
    expect(panel.items.at(-1)).toMatchObject({
      FechaCreada: '2026-11-21',
      HoraCreada: '13:09',
      abierto: 0,
      Modulo: 'publicacion',
    });
    expect(JSON.parse(panel.items[0]!.Props)).toEqual({ postID: 45 });
  });

  it('pages of 20 with the counter on request', async () => {
    const first = await page(`?limit=${NOTIFICATIONS_PAGE_SIZE}&offset=0&obtainCounter=1`);
    expect(first.items).toHaveLength(20);
    expect(first).toMatchObject({ total: 45, unread: 45 });
    const third = await page('?limit=20&offset=40&obtainCounter=0');
    expect(third.items.map((i) => i.Titulo)).toEqual(['Aviso 5', 'Aviso 4', 'Aviso 3', 'Aviso 2', 'Aviso 1']);
    expect(third.total).toBeUndefined();
    expect((await call(t.app, 'GET', api(`${NOTIFICATIONS_PATHS.list}?limit=0`), { token })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', api(`${NOTIFICATIONS_PATHS.list}?limit=51`), { token })).statusCode).toBe(400);
  });

  it('opening marks it read once; the unread total follows', async () => {
    const [top] = (await latest()).items;
    const open = () => call(t.app, 'POST', api(NOTIFICATIONS_PATHS.open), { token, payload: { id: top!.id } });
    expect((await open()).json()).toEqual({ success: true, changed: true });
    expect((await open()).json()).toEqual({ success: true, changed: false });
    const after = await latest();
    expect(after.unread).toBe(44);
    expect(after.items[0]).toMatchObject({ id: top!.id, abierto: 1 });
  });

  it("nobody reads or opens another's", async () => {
    const other = await signInAs(t.app, 'vecino031@demo.mx');
    expect((await latest(other)).items.some((i) => i.Titulo.startsWith('Aviso '))).toBe(false);
    const [mine] = (await latest()).items;
    const res = await call(t.app, 'POST', api(NOTIFICATIONS_PATHS.open), { token: other, payload: { id: mine!.id } });
    expect(res.statusCode).toBe(404);
  });

  it("another condominium's notifications stay there", async () => {
    const admin = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow())
      .id;
    const bosque = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    await notify(t.app.db, t.app.clock, [admin], {
      condoId: bosque.id,
      titulo: 'Solo Bosque',
      textoApp: 'x',
      modulo: 'invitados',
    });
    const inPalmas = await latest(await signInAs(t.app, 'admin@demo.mx'));
    expect(inPalmas.items.map((i) => i.Titulo)).not.toContain('Solo Bosque');
    const inBosque = await latest(await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque'));
    expect(inBosque.items.map((i) => i.Titulo)).toEqual(['Solo Bosque']);
  });

  it("a guest registered to a member's link tells them", async () => {
    const res = await call(t.app, 'POST', api('/--invitados/registrar/demo-usuario'), {
      payload: {
        nombre: 'Mario Núñez',
        email: 'mario@correo.mx',
        confirmEmail: 'mario@correo.mx',
        telefono: '',
        formaDeAcceso: 'pie',
        numDeInvitados: null,
        placas: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rosa = await latest(await signInAs(t.app, 'residente@demo.mx'));
    expect(rosa.items[0]).toMatchObject({
      Titulo: 'Nuevo invitado',
      TextoApp: 'Mario Núñez se registró como tu invitado.',
      Modulo: 'invitados',
      abierto: 0,
    });
  });
});
