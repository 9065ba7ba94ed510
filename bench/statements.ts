// (d) Bulk account statements: a year's statements for every dwelling of the demo condominium through the
// real route (POST /--financiero/pdf-generator-masivo/estado-cuenta in batches of 100, then GET each file),
// beside pdfkit rendering the same statements in this process with no database and no HTTP (the floor).
// While the route works, GET /api/health is probed back to back: its worst latency is the longest the
// server's event loop kept another request waiting.
import { performance } from 'node:perf_hooks';
import { statementsPdf } from '../server/domain/finance/statementPdf';
import { BULK_BATCH_SIZE, batchesOf, type Statement } from '../src/api/finance';
import { json, request } from './benchHttp';
import { freshDataDir, removeDir, startAppServer } from './serverProcess';

const PROBE_PAUSE_MS = 5;

export interface StatementsReport {
  dwellings: number;
  batches: number;
  year: number;
  route: { seconds: number; statementsPerSecond: number; bytes: number };
  pdfkit: { seconds: number; statementsPerSecond: number; bytes: number };
  /** route ÷ pdfkit alone. */
  ratio: number;
  probe: { requests: number; worstMs: number; p99Ms: number; idleWorstMs: number };
}

/** Probes /api/health back to back until stopped; answers every latency. */
function probe(origin: string) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await request(origin, 'GET', '/api/health');
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return latencies;
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function measureStatements(say: (line: string) => void): Promise<StatementsReport> {
  const dataDir = freshDataDir('statements');
  const server = await startAppServer(dataDir);
  try {
    const { origin } = server;
    const signIn = await json<{ token: string; condos: { CondoId: number; UserId: number; CondoName: string }[] }>(
      origin,
      'POST',
      '/api/--sesiones/sign-in',
      undefined,
      { username: 'admin@demo.mx', password: 'Demo1234!' },
    );
    const palmas = signIn.condos.find((c) => c.CondoName === 'Residencial Las Palmas')!;
    const { token } = await json<{ token: string }>(origin, 'POST', '/api/--sesiones/condo-login', undefined, {
      CondoId: palmas.CondoId,
      UserId: palmas.UserId,
      token: signIn.token,
    });
    const dwellings = (await json<{ data: { ApartmentId: number }[] }>(origin, 'GET', '/api/--financiero/viviendas', token)).data;
    const year = new Date().getFullYear();
    const ids = dwellings.map((d) => d.ApartmentId);
    const batches = batchesOf(ids, BULK_BATCH_SIZE);
    say(`  ${ids.length} dwellings, year ${year}, ${batches.length} batches`);

    // Warm-up: one small batch, so the first figures do not include compiling the route.
    await json(origin, 'POST', '/api/--financiero/pdf-generator-masivo/estado-cuenta', token, {
      ApartmentsId: ids.slice(0, 5),
      periodo: false,
      year,
      TipoDescarga: 'pdf',
      TipoImpresion: 'normal',
    });
    // Latency of the probe with nothing else running, for comparison.
    const idle = probe(origin);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleLatencies = await idle.stop();

    const probing = probe(origin);
    const started = performance.now();
    let routeBytes = 0;
    for (const batch of batches) {
      const { data: url } = await json<{ data: string }>(
        origin,
        'POST',
        '/api/--financiero/pdf-generator-masivo/estado-cuenta',
        token,
        {
          ApartmentsId: batch,
          periodo: false,
          year,
          TipoDescarga: 'pdf',
          TipoImpresion: 'normal',
        },
      );
      const file = await request(origin, 'GET', url);
      if (file.status !== 200) throw new Error(`GET ${url} answered ${file.status}`);
      routeBytes += file.body.length;
    }
    const routeSeconds = (performance.now() - started) / 1000;
    const latencies = await probing.stop();

    // The floor: the same statements (as the API gives them) rendered by pdfkit alone, in batches too.
    const statements: Statement[] = [];
    for (const id of ids) {
      const answer = await json<{ data: Statement }>(
        origin,
        'GET',
        `/api/--financiero/estado-cuenta?ApartmentId=${id}&fechaInicio=${year}-01-01&fechaFin=${year}-12-31`,
        token,
      );
      statements.push(answer.data);
    }
    await statementsPdf(statements.slice(0, 5), { tipoImpresion: 'normal', language: 'es', title: 'warm-up', yieldEvery: 0 });
    const pdfStarted = performance.now();
    let pdfBytes = 0;
    for (const batch of batchesOf(statements, BULK_BATCH_SIZE)) {
      pdfBytes += (await statementsPdf(batch, { tipoImpresion: 'normal', language: 'es', title: 'bench', yieldEvery: 0 })).length;
    }
    const pdfSeconds = (performance.now() - pdfStarted) / 1000;

    const routeRate = ids.length / routeSeconds;
    const pdfRate = ids.length / pdfSeconds;
    return {
      dwellings: ids.length,
      batches: batches.length,
      year,
      route: { seconds: routeSeconds, statementsPerSecond: routeRate, bytes: routeBytes },
      pdfkit: { seconds: pdfSeconds, statementsPerSecond: pdfRate, bytes: pdfBytes },
      ratio: routeRate / pdfRate,
      probe: {
        requests: latencies.length,
        worstMs: Math.max(0, ...latencies),
        p99Ms: percentile(latencies, 99),
        idleWorstMs: Math.max(0, ...idleLatencies),
      },
    };
  } finally {
    await server.handle.stop();
    removeDir(dataDir);
  }
}
