// mi-perfil: POST /api/--perfil/update-name, /photo, /delete-photo, /change-password, and the photo bytes
// at GET /api/--perfil/photo-file/<id> behind the signed link the session data gives.
import { createHmac } from 'node:crypto';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { hashToken } from '../../server/infra/tokens';
import { ErrorAnswer } from '../../src/api/errors';
import { NAME_MAX_LENGTH, PHOTO_MAX_BYTES, PhotoAnswer } from '../../src/api/profile';
import { OkAnswer, SessionDataAnswer } from '../../src/api/sessions';
import { call, createTestApp, dialect, getSessionData, signInAs, signInStep, type TestApp, testClock } from '../support/testApp';

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const WEBP_1X1 = 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
/** The start of a JFIF file (SOI, APP0) and its end marker: the server checks the magic number. */
const JPEG_HEAD = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
  0xd9,
]).toString('base64');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const dataUrl = (type: string, base64: string) => `data:image/${type};base64,${base64}`;
const LINK = /^\/api\/--perfil\/photo-file\/(\d+)\?v=(\d+)&exp=(\d+)&sig=([0-9a-f]{64})$/;

describe(`profile (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });

  async function usuario(token: string) {
    const body = (await getSessionData(t.app, token)).json();
    assert(body, SessionDataAnswer);
    return body.data.usuario;
  }
  async function upload(token: string, url: string) {
    return call(t.app, 'POST', '/api/--perfil/photo', { token, payload: { dataUrl: url } });
  }
  async function uploaded(token: string, url: string): Promise<string> {
    const res = await upload(token, url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, PhotoAnswer);
    expect(body.fotoSignedUrl).toMatch(LINK);
    return body.fotoSignedUrl!;
  }
  const fetchPhoto = (url: string, token?: string) => call(t.app, 'GET', url, { token });

  describe('update-name', () => {
    it('saves the name without surrounding blanks; the session data shows it in every condominium', async () => {
      const token = await signInAs(t.app, 'admin@demo.mx');
      const res = await call(t.app, 'POST', '/api/--perfil/update-name', {
        token,
        payload: { UserName: '  Ana María Martínez  ' },
      });
      expect(res.statusCode).toBe(200);
      assert(res.json(), OkAnswer);
      expect((await usuario(token)).UserName).toBe('Ana María Martínez');
      expect((await usuario(await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque'))).UserName).toBe('Ana María Martínez');
    });

    it(`takes ${NAME_MAX_LENGTH} characters`, async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      const name = 'N'.repeat(NAME_MAX_LENGTH);
      expect((await call(t.app, 'POST', '/api/--perfil/update-name', { token, payload: { UserName: name } })).statusCode).toBe(
        200,
      );
      expect((await usuario(token)).UserName).toBe(name);
    });

    const bad: [string, object][] = [
      ['an empty name', { UserName: '' }],
      ['a blank name', { UserName: '   ' }],
      ['a name too long', { UserName: 'N'.repeat(NAME_MAX_LENGTH + 1) }],
      ['no name', {}],
      ['a number', { UserName: 42 }],
    ];
    it.each(bad)('refuses %s with 400 naming UserName, and keeps the old one', async (_, payload) => {
      const token = await signInAs(t.app, 'residente@demo.mx');
      const res = await call(t.app, 'POST', '/api/--perfil/update-name', { token, payload });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      assert(body, ErrorAnswer);
      expect(body).toMatchObject({ code: 'BAD_REQUEST', field: 'UserName' });
      expect((await usuario(token)).UserName).toBe('Rosa Hernández Díaz');
    });
  });

  describe('photo', () => {
    it.each([
      ['png', PNG_1X1, 'image/png'],
      ['jpeg', JPEG_HEAD, 'image/jpeg'],
      ['webp', WEBP_1X1, 'image/webp'],
    ])('stores a %s and serves its bytes to whoever holds the signed link', async (type, base64, contentType) => {
      const token = await signInAs(t.app, 'empleado@demo.mx');
      const link = await uploaded(token, dataUrl(type, base64));
      expect((await usuario(token)).fotoSignedUrl).toBe(link);
      const user = await t.app.db
        .selectFrom('users')
        .select(['id', 'photo_file_id'])
        .where('email', '=', 'empleado@demo.mx')
        .executeTakeFirstOrThrow();
      const [, userId, fileId] = LINK.exec(link)!;
      expect([Number(userId), Number(fileId)]).toEqual([user.id, user.photo_file_id]);

      // No session: the link is the permission.
      const res = await fetchPhoto(link);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(contentType);
      expect(res.rawPayload.equals(Buffer.from(base64, 'base64'))).toBe(true);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const maxAge = Number(/^private, max-age=(\d+), immutable$/.exec(String(res.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(3600);
      expect(maxAge).toBeLessThanOrEqual(3600 + 600);
    });

    it('signs id, file and expiry with the key stored in app_secrets, so every server process agrees', async () => {
      const token = await signInAs(t.app, 'guardia@demo.mx');
      const link = await uploaded(token, dataUrl('png', PNG_1X1));
      const [, userId, v, exp, sig] = LINK.exec(link)!;
      const secrets = await t.app.db.selectFrom('app_secrets').selectAll().where('name', '=', 'photo-url').execute();
      expect(secrets).toHaveLength(1);
      const key = Buffer.from(secrets[0]!.value, 'base64url');
      expect(key.length).toBe(32);
      expect(createHmac('sha256', key).update(`${userId}.${v}.${exp}`).digest('hex')).toBe(sig);
      // About an hour from now.
      const seconds = Number(exp) - clock.now().getTime() / 1000;
      expect(seconds).toBeGreaterThanOrEqual(3600);
      expect(seconds).toBeLessThanOrEqual(4200);
    });

    it('refuses a tampered link with 403', async () => {
      const token = await signInAs(t.app, 'supervisor@demo.mx');
      const link = await uploaded(token, dataUrl('png', PNG_1X1));
      const [, userId, v, exp, sig] = LINK.exec(link)!;
      const other = await t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@demo.mx')
        .executeTakeFirstOrThrow();
      const flipped = `${sig!.slice(0, -1)}${sig!.endsWith('0') ? '1' : '0'}`;
      const tampered = [
        `/api/--perfil/photo-file/${userId}?v=${v}&exp=${exp}&sig=${flipped}`,
        `/api/--perfil/photo-file/${other.id}?v=${v}&exp=${exp}&sig=${sig}`,
        `/api/--perfil/photo-file/${userId}?v=${Number(v) + 1}&exp=${exp}&sig=${sig}`,
        `/api/--perfil/photo-file/${userId}?v=${v}&exp=${Number(exp) + 3600}&sig=${sig}`,
      ];
      for (const url of tampered) {
        const res = await fetchPhoto(url, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          code: 'FORBIDDEN',
          message: 'El enlace de la foto no es válido.',
          messageId: 'errors.photo.linkInvalid',
        });
      }
      expect((await fetchPhoto(link)).statusCode).toBe(200);
    });

    it('refuses an expired link with 403, even to the photo’s owner', async () => {
      const token = await signInAs(t.app, 'supervisor@demo.mx');
      const link = await uploaded(token, dataUrl('png', PNG_1X1));
      const exp = Number(LINK.exec(link)![3]);
      clock.advanceMinutes((exp * 1000 - clock.now().getTime()) / 60_000 - 1);
      expect((await fetchPhoto(link)).statusCode).toBe(200);
      clock.advanceMinutes(1);
      const res = await fetchPhoto(link, await signInAs(t.app, 'supervisor@demo.mx'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'El enlace de la foto expiró.',
        messageId: 'errors.photo.linkExpired',
      });
      // The session data hands out a fresh link that works.
      const fresh = (await usuario(await signInAs(t.app, 'supervisor@demo.mx'))).fotoSignedUrl!;
      expect(fresh).not.toBe(link);
      expect((await fetchPhoto(fresh)).statusCode).toBe(200);
    });

    it('refuses an incomplete or malformed link with 400', async () => {
      const token = await signInAs(t.app, 'supervisor@demo.mx');
      const link = await uploaded(token, dataUrl('png', PNG_1X1));
      const [, userId, v, exp] = LINK.exec(link)!;
      for (const [url, field] of [
        [`/api/--perfil/photo-file/${userId}`, 'v'],
        [`/api/--perfil/photo-file/${userId}?v=${v}&exp=${exp}`, 'sig'],
        [`/api/--perfil/photo-file/${userId}?v=${v}&exp=${exp}&sig=XYZ`, 'sig'],
        [`/api/--perfil/photo-file/abc?v=${v}&exp=${exp}&sig=${'0'.repeat(64)}`, 'userId'],
      ] as const) {
        const res = await fetchPhoto(url);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field });
      }
    });

    it('replaces the previous photo: its link stops working and its bytes are gone', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      const first = await uploaded(token, dataUrl('png', PNG_1X1));
      const firstFile = Number(LINK.exec(first)![2]);
      const second = await uploaded(token, dataUrl('webp', WEBP_1X1));
      expect((await fetchPhoto(first)).statusCode).toBe(404);
      expect((await fetchPhoto(second)).headers['content-type']).toBe('image/webp');
      expect(await t.app.db.selectFrom('files').select('id').where('id', '=', firstFile).execute()).toEqual([]);
    });

    it('delete-photo removes it: no link in the session data, the old link 404s, the file row is gone', async () => {
      const token = await signInAs(t.app, 'residente@demo.mx');
      const link = await uploaded(token, dataUrl('png', PNG_1X1));
      const fileId = Number(LINK.exec(link)![2]);
      const res = await call(t.app, 'POST', '/api/--perfil/delete-photo', { token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      assert(body, PhotoAnswer);
      expect(body.fotoSignedUrl).toBeNull();
      expect((await usuario(token)).fotoSignedUrl).toBeNull();
      expect((await fetchPhoto(link)).statusCode).toBe(404);
      expect(await t.app.db.selectFrom('files').select('id').where('id', '=', fileId).execute()).toEqual([]);
      // Deleting when there is nothing to delete is fine.
      expect((await call(t.app, 'POST', '/api/--perfil/delete-photo', { token })).statusCode).toBe(200);
    });

    it(`takes a photo of exactly ${PHOTO_MAX_BYTES} bytes and refuses one byte more`, async () => {
      const token = await signInAs(t.app, 'admin@demo.mx');
      const exact = Buffer.concat([PNG_MAGIC, Buffer.alloc(PHOTO_MAX_BYTES - PNG_MAGIC.length)]);
      expect((await upload(token, dataUrl('png', exact.toString('base64')))).statusCode).toBe(200);
      const before = (await usuario(token)).fotoSignedUrl;
      const over = Buffer.concat([exact, Buffer.alloc(1)]);
      const res = await upload(token, dataUrl('png', over.toString('base64')));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        field: 'dataUrl',
        message: 'La foto pesa más de 1.5 MB.',
        messageId: 'errors.photo.tooLarge',
      });
      expect((await usuario(token)).fotoSignedUrl).toBe(before);
    });

    const mismatched: [string, string][] = [
      ['PNG bytes declared as JPEG', dataUrl('jpeg', PNG_1X1)],
      ['JPEG bytes declared as WebP', dataUrl('webp', JPEG_HEAD)],
      ['WebP bytes declared as PNG', dataUrl('png', WEBP_1X1)],
      ['text declared as PNG', dataUrl('png', Buffer.from('<svg onload="alert(1)"></svg> not a picture').toString('base64'))],
      ['a RIFF file that is not WebP', dataUrl('webp', Buffer.from('RIFF\u0004\u0000\u0000\u0000WAVEfmt ').toString('base64'))],
    ];
    it.each(mismatched)('refuses %s with 400 on dataUrl, storing nothing', async (_, url) => {
      const token = await signInAs(t.app, 'guardia@demo.mx');
      const files = (await t.app.db.selectFrom('files').select('id').execute()).length;
      const res = await upload(token, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        field: 'dataUrl',
        message: 'El archivo no es una imagen PNG, JPEG o WebP válida.',
        messageId: 'errors.photo.notValid',
      });
      expect((await t.app.db.selectFrom('files').select('id').execute()).length).toBe(files);
    });

    it('refuses what is not a PNG, JPEG or WebP data URL with 400 on dataUrl', async () => {
      const token = await signInAs(t.app, 'guardia@demo.mx');
      for (const url of [
        `data:image/gif;base64,${'R0lGODlhAQABAAAAACw='.repeat(2)}`,
        `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
        `data:image/png,${'x'.repeat(40)}`,
        'short',
      ]) {
        const res = await upload(token, url);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'dataUrl' });
      }
    });

    it('refuses an upload without a session before reading its body', async () => {
      const big = Buffer.concat([PNG_MAGIC, Buffer.alloc(PHOTO_MAX_BYTES - PNG_MAGIC.length)]).toString('base64');
      const res = await call(t.app, 'POST', '/api/--perfil/photo', { payload: { dataUrl: dataUrl('png', big) } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('change-password', () => {
    const change = (token: string, currentPassword: string, newPassword: string) =>
      call(t.app, 'POST', '/api/--perfil/change-password', { token, payload: { currentPassword, newPassword } });
    const signInStatus = async (email: string, password: string) =>
      (await call(t.app, 'POST', '/api/--sesiones/sign-in', { payload: { username: email, password } })).statusCode;

    it('sets the new password and ends every other session of the person, in every condominium', async () => {
      const current = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
      const sameCondo = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
      const otherCondo = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
      const pending = await signInStep(t.app, 'admin@demo.mx');
      const someoneElse = await signInAs(t.app, 'consejo@demo.mx');
      // An open reset link stops working too.
      await call(t.app, 'POST', '/api/--sesiones/forgot-password', { payload: { email: 'admin@demo.mx' } });
      await t.app.tasks.drain();
      const mail = await t.app.db
        .selectFrom('mail_outbox')
        .select('text')
        .where('to_address', '=', 'admin@demo.mx')
        .executeTakeFirstOrThrow();
      const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

      const res = await change(current, DEMO_PASSWORD, 'Palmeras2025');
      expect(res.statusCode).toBe(200);
      assert(res.json(), OkAnswer);

      expect((await getSessionData(t.app, current)).statusCode).toBe(200);
      for (const session of [sameCondo, otherCondo]) expect((await getSessionData(t.app, session)).statusCode).toBe(401);
      const login = await call(t.app, 'POST', '/api/--sesiones/condo-login', {
        payload: { CondoId: pending.condos[0]!.CondoId, UserId: pending.condos[0]!.UserId, token: pending.token },
      });
      expect(login.statusCode).toBe(401);
      expect((await getSessionData(t.app, someoneElse)).statusCode).toBe(200);
      const reset = await call(t.app, 'POST', '/api/--sesiones/reset-password', {
        payload: { token: resetToken, password: 'Otra12345' },
      });
      expect(reset.statusCode).toBe(400);

      // This session's product token lives on with it.
      const session = await t.app.db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', hashToken(current))
        .executeTakeFirstOrThrow();
      const product = await t.app.db
        .selectFrom('sessions')
        .select('revoked_at')
        .where('parent_id', '=', session.id)
        .executeTakeFirstOrThrow();
      expect(product.revoked_at).toBeNull();

      expect(await signInStatus('admin@demo.mx', DEMO_PASSWORD)).toBe(401);
      expect(await signInStatus('admin@demo.mx', 'Palmeras2025')).toBe(200);
      // Back to the demo password for the rest of the file.
      expect((await change(current, 'Palmeras2025', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a wrong current password with 401 on currentPassword, changing nothing', async () => {
      const token = await signInAs(t.app, 'residente@demo.mx');
      const other = await signInAs(t.app, 'residente@demo.mx');
      const res = await change(token, 'Demo1234?', 'Nueva12345');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        field: 'currentPassword',
        message: 'La contraseña actual es incorrecta.',
        messageId: 'errors.account.currentPasswordWrong',
      });
      // The session that asked is still signed in, and so is the other one.
      expect((await getSessionData(t.app, token)).statusCode).toBe(200);
      expect((await getSessionData(t.app, other)).statusCode).toBe(200);
      expect(await signInStatus('residente@demo.mx', DEMO_PASSWORD)).toBe(200);
    });

    const weak: [string, string, string][] = [
      ['too short', 'abc123', 'La contraseña debe tener entre 8 y 200 caracteres.'],
      ['too long', `a1${'x'.repeat(199)}`, 'La contraseña debe tener entre 8 y 200 caracteres.'],
      ['without a digit', 'soloLetrasAqui', 'La contraseña debe tener al menos una letra y un número.'],
      ['without a letter', '12345678901', 'La contraseña debe tener al menos una letra y un número.'],
    ];
    it.each(weak)('refuses a new password %s with 400 on newPassword, in Spanish', async (_, newPassword, message) => {
      const token = await signInAs(t.app, 'empleado@demo.mx');
      const other = await signInAs(t.app, 'empleado@demo.mx');
      const res = await change(token, DEMO_PASSWORD, newPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'newPassword', message });
      expect((await getSessionData(t.app, other)).statusCode).toBe(200);
      expect(await signInStatus('empleado@demo.mx', DEMO_PASSWORD)).toBe(200);
    });

    it('refuses a malformed request with 400 naming the field', async () => {
      const token = await signInAs(t.app, 'empleado@demo.mx');
      for (const [payload, field] of [
        [{ newPassword: 'Nueva12345' }, 'currentPassword'],
        [{ currentPassword: '', newPassword: 'Nueva12345' }, 'currentPassword'],
        [{ currentPassword: DEMO_PASSWORD }, 'newPassword'],
        [{ currentPassword: DEMO_PASSWORD, newPassword: 12345678 }, 'newPassword'],
      ] as const) {
        const res = await call(t.app, 'POST', '/api/--perfil/change-password', { token, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field });
      }
    });
  });
});
