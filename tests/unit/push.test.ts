// Web Push's pure parts (issue 30): the screen a push opens (the one notification→screen map, in the /condominio
// nest), the payload cut to the push services' size, what the service worker accepts to open, which endpoints the
// server posts to, the VAPID key kept from a secret, and one request encrypted so its browser can read it.
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointAllowed, endpointHost } from '../../server/infra/webPush/endpoints';
import { pushRequest, retryAfterMs } from '../../server/infra/webPush/send';
import { vapidKeysOf } from '../../server/infra/webPush/vapid';
import { PUSH_BODY_MAX, PUSH_PAYLOAD_MAX_BYTES, pushPath, pushPayload } from '../../src/api/push';
import { pushScreenUrl, readPushPayload } from '../../src/api/pushPayload';
import { keyBytes } from '../../src/services/webPushDevice';
import { checkVapid, decryptAes128gcm } from '../support/pushServiceFake';

const ORIGIN = 'https://palmas.condominio.mx';

describe('the screen a push opens', () => {
  it.each([
    ['publicacion', '{"postID":12}', '/condominio/comunicacion/ver-publicacion/12'],
    ['ticket', '{"classificationId":5,"taskID":9,"SectId":2}', '/condominio/comunicacion/tickets-administrador/2?ticket=9'],
    ['mensaje', '{"conversationId":14,"SectId":5}', '/condominio/comunicacion/comunicacion-interpersonal/5?conversacion=14'],
    ['visita', '{"walkInId":3}', '/condominio/visitas'],
    ['recordatorio', '{"ApartmentId":8}', '/condominio/financiero'],
    // Top-level in the map ("~"): outside the /condominio nest.
    ['plan', '{"planCheckoutId":41}', '/precios-y-planes/contratacion/41'],
    // Nowhere of its own: the condominium's home.
    ['publicacion', '{}', '/condominio'],
    ['desconocido', '{"postID":1}', '/condominio'],
  ])('%s with %s opens %s', (Modulo, Props, path) => {
    expect(pushPath({ Modulo, Props })).toBe(path);
  });
});

describe('the payload', () => {
  const item = { id: 77, Modulo: 'publicacion', Props: '{"postID":12}' };
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

  it('carries the words, the screen and a tag per notification', () => {
    expect(pushPayload({ title: ' Nueva publicación ', text: 'Corte de agua el lunes' }, item)).toEqual({
      title: 'Nueva publicación',
      body: 'Corte de agua el lunes',
      path: '/condominio/comunicacion/ver-publicacion/12',
      tag: 'notification-77',
    });
  });

  it('cuts a long text at whole characters, within what the push services take', () => {
    const payload = pushPayload({ title: 'Aviso', text: '𝄞'.repeat(5000) }, item);
    expect([...payload.body].length).toBe(PUSH_BODY_MAX);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(payload.body).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(bytes(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
  });

  it('cuts further when escaping makes the JSON longer than the characters', () => {
    const payload = pushPayload({ title: '\u0001'.repeat(120), text: '\u0001'.repeat(600) }, item);
    expect(bytes(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(payload.path).toBe('/condominio/comunicacion/ver-publicacion/12');
  });
});

describe('what the service worker reads and opens', () => {
  const payload = { title: 'T', body: 'B', path: '/condominio/visitas', tag: 'notification-1' };

  it('reads our payload, and nothing that is not one', () => {
    expect(readPushPayload(payload)).toEqual(payload);
    expect(readPushPayload({ ...payload, extra: 1 })).toEqual(payload);
    expect(readPushPayload(null)).toBeNull();
    expect(readPushPayload('texto')).toBeNull();
    expect(readPushPayload({ ...payload, title: 3 })).toBeNull();
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'condominio', ''])
      expect(readPushPayload({ ...payload, path }), path).toBeNull();
  });

  it('opens an app path on the app’s own origin, the home otherwise', () => {
    expect(pushScreenUrl({ path: '/condominio/visitas?x=1' }, ORIGIN)).toBe(`${ORIGIN}/condominio/visitas?x=1`);
    expect(pushScreenUrl({ path: '//evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/condominio`);
    expect(pushScreenUrl({ path: '/\\evil.example' }, ORIGIN)).toBe(`${ORIGIN}/condominio`);
    expect(pushScreenUrl(null, ORIGIN)).toBe(`${ORIGIN}/condominio`);
  });
});

describe('the push services a subscription may name', () => {
  const LIST = ['fcm.googleapis.com', 'notify.windows.com', 'http://127.0.0.1:9000'];

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=abc', true],
    ['http://127.0.0.1:9000/push/1', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://evilfcm.googleapis.com.example/x', false],
    ['https://notfcm.googleapis.com.evil/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['http://127.0.0.1:9001/push/1', false],
    ['https://127.0.0.1:9000/push/1', false],
    ['http://localhost:9000/push/1', false],
    ['not a url', false],
  ])('%s: %s', (endpoint, allowed) => {
    expect(endpointAllowed(endpoint, LIST)).toBe(allowed);
  });

  it('names a push service by its host only in logs', () => {
    expect(endpointHost('https://fcm.googleapis.com/fcm/send/secret-token')).toBe('fcm.googleapis.com');
  });
});

describe('a push request', () => {
  it('keeps one VAPID pair per secret: P-256, its public half from its private one', () => {
    const secret = randomBytes(32);
    const keys = vapidKeysOf(secret);
    expect(vapidKeysOf(Buffer.from(secret))).toEqual(keys);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(keys.publicKey);
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    // A secret past the curve's order still gives a key (hashed again).
    expect(Buffer.from(vapidKeysOf(Buffer.alloc(32, 0xff)).privateKey, 'base64url')).toHaveLength(32);
  });

  it('is encrypted for its browser alone and signed for its push service', () => {
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const auth = randomBytes(16);
    const vapid = vapidKeysOf(randomBytes(32));
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    const text = JSON.stringify({ title: 'Aviso', body: 'Ñandú 🐦', path: '/condominio', tag: 'notification-1' });
    const { headers, body } = pushRequest(
      { endpoint, keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
      text,
      { vapid, subject: 'mailto:avisos@condominio.mx', ttlSeconds: 3600, topic: 'n1', timeoutMs: 1000 },
    );
    expect(headers).toMatchObject({ TTL: '3600', 'Content-Encoding': 'aes128gcm', Urgency: 'normal', Topic: 'n1' });
    expect(headers['Content-Length']).toBeUndefined();
    expect(decryptAes128gcm(body, { privateKey: browser.getPrivateKey(), publicKey: browser.getPublicKey(), auth })).toBe(text);
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() => decryptAes128gcm(body, { privateKey: other.getPrivateKey(), publicKey: other.getPublicKey(), auth })).toThrow();
    const signed = checkVapid(headers.Authorization, endpoint, Date.now());
    expect(signed).toMatchObject({ problem: null, key: vapid.publicKey });
    expect(signed.claims).toMatchObject({ aud: 'https://fcm.googleapis.com', sub: 'mailto:avisos@condominio.mx' });
    expect(checkVapid(headers.Authorization, 'https://updates.push.services.mozilla.com/x', Date.now()).problem).toMatch(/^aud/);
  });

  it('waits what Retry-After says, in seconds or until a date', () => {
    const now = new Date('2026-07-06T17:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Mon, 06 Jul 2026 17:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('pronto', now)).toBeNull();
  });

  it('hands pushManager.subscribe the key’s bytes', () => {
    const vapid = vapidKeysOf(randomBytes(32));
    expect(Buffer.from(keyBytes(vapid.publicKey)).equals(Buffer.from(vapid.publicKey, 'base64url'))).toBe(true);
  });
});
