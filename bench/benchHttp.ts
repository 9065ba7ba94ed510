// Plain HTTP for the bench's sections: one request on a fresh connection (agent: false), so a figure never
// includes a kept-alive socket's luck; json() fails loudly on anything but 200.
import http from 'node:http';

export function request(origin: string, method: string, path: string, token?: string, body?: unknown) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      `${origin}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(token ? { 'app-token': token } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function json<T>(origin: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await request(origin, method, path, token, body);
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  return JSON.parse(res.body.toString()) as T;
}
