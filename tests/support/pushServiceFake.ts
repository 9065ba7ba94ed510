// A local stand-in for a browser's push service (FCM, Mozilla's, Apple's), started by a test with node:http and
// allowed through WEB_PUSH_ENDPOINTS: a subscription's endpoint points at it, so the server makes its real
// requests without the network. Each subscription is a browser the test makes: its own P-256 key pair and auth
// secret, so every push that arrives is decrypted here as the browser would (RFC 8291, aes128gcm) and its VAPID
// signature checked (RFC 8292: an ES256 JWT for the endpoint's origin, signed by the key it names). It answers
// 201, or what the test asks of an endpoint (410 gone, 500, 429 with Retry-After).
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser of the test: what it hands pushManager's subscription to the server, and its private half. */
export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** PushSubscription.toJSON(), as the browser posts it to the server. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  endpoint: string;
  headers: Record<string, string>;
  /** The encrypted body's size in bytes. */
  size: number;
  /** The plaintext, decrypted with the browser's keys; null when it could not be. */
  payload: unknown;
  /** What was wrong with the VAPID header, or null when it verified. */
  vapidProblem: string | null;
  /** The JWT's claims, when it could be read. */
  claims: { aud?: string; exp?: number; sub?: string } | null;
  /** The key the request was signed with (the header's k=). */
  vapidKey: string | null;
}

export interface PushServiceFake {
  /** http://127.0.0.1:PORT, for WEB_PUSH_ENDPOINTS. */
  origin: string;
  received: ReceivedPush[];
  /** A new browser whose endpoint is on this service. */
  browser(): FakeBrowser;
  /** What the endpoint answers from now on (201 by default); Retry-After when given. */
  answer(endpoint: string, status: number, retryAfter?: string): void;
  /** Pushes that arrived for the endpoint, decrypted. */
  pushesFor(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the browser's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverKey]);
  const ikm = hmac(hmac(browser.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: "vapid t=<JWT>, k=<key>", the JWT ES256 over the endpoint's origin, not expired, by that key. */
export function checkVapid(
  authorization: string | undefined,
  endpoint: string,
  now: number,
): { problem: string | null; claims: ReceivedPush['claims']; key: string | null } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return { problem: 'no vapid authorization', claims: null, key: null };
  const [header, claimsText, signature] = match[1]!.split('.') as [string, string, string];
  const key = match[2]!;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const claims = JSON.parse(Buffer.from(claimsText, 'base64url').toString('utf8')) as NonNullable<ReceivedPush['claims']>;
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg;
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claimsText}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const problem =
    alg !== 'ES256'
      ? `alg ${alg}`
      : !signed
        ? 'signature does not verify'
        : claims.aud !== new URL(endpoint).origin
          ? `aud ${claims.aud}`
          : !claims.exp || claims.exp * 1000 < now || claims.exp * 1000 > now + 24 * 3600_000
            ? `exp ${claims.exp}`
            : null;
  return { problem, claims, key };
}

/** On `port` when given (the browser suite's, named to the app at its start), else on one the system picks. */
export async function startPushServiceFake(port = 0): Promise<PushServiceFake> {
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const answers = new Map<string, { status: number; retryAfter?: string }>();
  const received: ReceivedPush[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? '/'}`;
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const vapid = checkVapid(request.headers.authorization, endpoint, Date.now());
      const browser = browsers.get(endpoint);
      let payload: unknown = null;
      try {
        payload = browser ? JSON.parse(decryptAes128gcm(body, browser)) : null;
      } catch {
        payload = null;
      }
      received.push({
        endpoint,
        headers,
        size: body.length,
        payload,
        vapidProblem: vapid.problem,
        claims: vapid.claims,
        vapidKey: vapid.key,
      });
      const answer = answers.get(endpoint) ?? { status: 201 };
      response.writeHead(answer.status, answer.retryAfter ? { 'retry-after': answer.retryAfter } : {});
      response.end(answer.status === 201 ? '' : `status ${answer.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    browser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth });
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
      return { endpoint, keys, subscription: { endpoint, expirationTime: null, keys } };
    },
    answer(endpoint, status, retryAfter) {
      answers.set(endpoint, retryAfter === undefined ? { status } : { status, retryAfter });
    },
    pushesFor: (endpoint) => received.filter((push) => push.endpoint === endpoint),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
