// Notifications in the reader's language (issue 28, defect 7): a notification keeps its message ids and values
// and is worded when read, in the session's profile language of the moment; the Spanish words stay in the row's
// columns; a row written before (no ids) reads as stored whatever the language.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/domain/shared/notify';
import { LatestNotificationsAnswer, NOTIFICATIONS_PATHS, NotificationsPageAnswer } from '../../src/api/notifications';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const LANGUAGE = api('/--sesiones/language');

describe(`notifications in the reader's language (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:30:00Z'));
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    token = await signInAs(t.app, 'residente@demo.mx');
    userId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'residente@demo.mx').executeTakeFirstOrThrow())
      .id;
  });

  const latest = async () => {
    const body = (await call(t.app, 'GET', api(NOTIFICATIONS_PATHS.latest), { token })).json();
    assert(body, LatestNotificationsAnswer);
    return body.items;
  };
  const list = async () => {
    const body = (await call(t.app, 'GET', api(`${NOTIFICATIONS_PATHS.list}?limit=20&offset=0`), { token })).json();
    assert(body, NotificationsPageAnswer);
    return body.items;
  };
  const speak = async (language: 'es' | 'en' | 'fr') => {
    expect((await call(t.app, 'POST', LANGUAGE, { token, payload: { language } })).statusCode).toBe(200);
  };

  it('a notice received in Spanish reads in English, then French, once the member switches, in the panel and the list', async () => {
    clock.advanceMinutes(1);
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
    const spanish = { Titulo: 'Nuevo invitado', TextoApp: 'Mario Núñez se registró como tu invitado.' };
    const [first] = await latest();
    expect(first).toMatchObject(spanish);
    try {
      await speak('en');
      const english = { id: first!.id, Titulo: 'New guest', TextoApp: 'Mario Núñez registered as your guest.' };
      expect((await latest())[0]).toMatchObject(english);
      expect((await list())[0]).toMatchObject(english);
      await speak('fr');
      expect((await latest())[0]).toMatchObject({
        Titulo: 'Nouvel invité',
        TextoApp: 'Mario Núñez s’est inscrit comme votre invité.',
      });
    } finally {
      await speak('es');
    }
    expect((await latest())[0]).toMatchObject(spanish);
    // The row keeps the Spanish words for whatever reads the columns directly.
    const row = await t.app.db
      .selectFrom('notifications')
      .select(['titulo', 'texto_app', 'title_id', 'text_id'])
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      titulo: spanish.Titulo,
      texto_app: spanish.TextoApp,
      title_id: 'documents.guestRegistered.title',
      text_id: 'documents.guestRegistered.asGuest',
    });
  });

  it('words values that are messages in the reader’s language too; plain values stay as written', async () => {
    clock.advanceMinutes(1);
    await notify(t.app.db, t.app.clock, [userId], {
      condoId: 1,
      title: { id: 'ticketsNotices.notify.state.title' },
      text: {
        id: 'ticketsNotices.notify.state.text',
        values: { title: 'Fuga en el jardín', state: { id: 'ticketsNotices.state.resuelto' } },
      },
      modulo: 'invitados',
    });
    expect((await latest())[0]).toMatchObject({
      Titulo: 'Tu solicitud cambió de estado',
      TextoApp: '«Fuga en el jardín» ahora está resuelta.',
    });
    try {
      await speak('en');
      expect((await latest())[0]).toMatchObject({
        Titulo: 'Your request changed state',
        TextoApp: '“Fuga en el jardín” is now resolved.',
      });
    } finally {
      await speak('es');
    }
  });

  it('a row written before (no ids) reads as stored in any language', async () => {
    clock.advanceMinutes(1);
    await t.app.db
      .insertInto('notifications')
      .values({
        condo_id: 1,
        user_id: userId,
        titulo: 'Aviso antiguo',
        texto_app: 'Escrito antes de guardar sus ids.',
        foto: null,
        modulo: 'invitados',
        props: '{}',
        abierto: 0,
        created_at: clock.now().toISOString(),
      })
      .execute();
    try {
      await speak('en');
      expect((await latest())[0]).toMatchObject({ Titulo: 'Aviso antiguo', TextoApp: 'Escrito antes de guardar sus ids.' });
    } finally {
      await speak('es');
    }
  });
});
