// The baseline: bare node:http answering, for each benchmarked path (and, on the authenticated mix, each
// person's token), the very bytes and content-type the real server answered. It runs as its own process (like
// the real server) so that it never shares an event loop with autocannon; the ratio app/baseline then measures
// only what Fastify, validation and the database add to "write this JSON to the socket".
import fs from 'node:fs';
import http from 'node:http';

export interface CannedAnswer {
  path: string;
  /** The app-token it was asked with (the authenticated mix: each person's own answer); none for a public path. */
  token?: string;
  status: number;
  contentType: string;
  bodyBase64: string;
}

/** A JSON file of CannedAnswer[]: the mix's answers (one per person and path) are too many for an environment variable. */
export const BASELINE_ROUTES_FILE_ENV = 'BENCH_BASELINE_ROUTES_FILE';
export const BASELINE_LISTENING_LINE = /^Baseline listening on (http:\/\/\S+)$/m;

/** One lookup per request, as cheap as the map it is: the token header (if any) and the path. */
export const answerKey = (token: string | undefined, path: string) => `${token ?? ''} ${path}`;

function main(): void {
  const file = process.env[BASELINE_ROUTES_FILE_ENV];
  const answers: CannedAnswer[] = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  const byKey = new Map(
    answers.map((answer) => [
      answerKey(answer.token, answer.path),
      { status: answer.status, body: Buffer.from(answer.bodyBase64, 'base64'), contentType: answer.contentType },
    ]),
  );

  const server = http.createServer((request, response) => {
    const token = request.headers['app-token'];
    const answer = byKey.get(answerKey(typeof token === 'string' ? token : undefined, request.url ?? ''));
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  // Same keep-alive window as Fastify's default, so neither side closes connections mid-run.
  server.keepAliveTimeout = 72_000;

  const close = () => server.close(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);

  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    console.log(`Baseline listening on http://127.0.0.1:${address.port}`);
  });
}

// Imported by throughput.ts for its constants; started as a process only when run directly.
if (process.argv[1] && import.meta.filename === process.argv[1]) main();
