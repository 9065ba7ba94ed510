// The baseline: bare node:http answering, for each benchmarked path, the very bytes and content-type the
// real server answered. It runs as its own process (like the real server) so that it never shares an event
// loop with autocannon; the ratio app/baseline then measures only what Fastify, validation and the
// database add to "write this JSON to the socket".
import http from 'node:http';

export interface CannedAnswer {
  path: string;
  status: number;
  contentType: string;
  bodyBase64: string;
}

export const BASELINE_ROUTES_ENV = 'BENCH_BASELINE_ROUTES';
export const BASELINE_LISTENING_LINE = /^Baseline listening on (http:\/\/\S+)$/m;

function main(): void {
  const answers: CannedAnswer[] = JSON.parse(process.env[BASELINE_ROUTES_ENV] ?? '[]');
  const byPath = new Map(
    answers.map((answer) => [
      answer.path,
      { status: answer.status, body: Buffer.from(answer.bodyBase64, 'base64'), contentType: answer.contentType },
    ]),
  );

  const server = http.createServer((request, response) => {
    const answer = byPath.get(request.url ?? '');
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
