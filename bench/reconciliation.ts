// (g) Bank reconciliation (issue 27): a generated BBVA statement of 10,000 movements for Las Palmas (deposits naming
// its dwellings with their cuota, others naming nobody, withdrawals) previewed and imported through HTTP as the
// screen does: reading, fingerprints, matching against the ledger, the sure matches posted with their receipts.
// Then the same file again (nothing added). The goal is under 10 s for the import; the bench judges nothing.
import { performance } from 'node:perf_hooks';
import { json, request } from './benchHttp';
import { signInAdmin } from './gate';
import { freshDataDir, removeDir, startAppServer } from './serverProcess';

export const RECONCILIATION_BENCH = { movements: 10_000, goalSeconds: 10 } as const;

export interface ReconciliationReport {
  movements: number;
  previewSeconds: number;
  importSeconds: number;
  againSeconds: number;
  matched: number;
  pending: number;
  againAdded: number;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** The statement: BBVA's layout, the days of one month, each line distinct. */
export function benchStatement(count: number): string {
  const rows = ['Día,Concepto / Referencia,cargo,Abono,Saldo'];
  let balance = 50_000_000;
  for (let i = 0; i < count; i++) {
    const day = `${String(1 + (i % 28)).padStart(2, '0')}-10-2026`;
    const kind = i % 10;
    let concept: string;
    let cents: number;
    if (kind < 6) {
      const tower = i % 2 === 0 ? 'A' : 'B';
      const unit = `${1 + (i % 10)}0${1 + ((i >> 1) % 9)}`;
      concept = `SPEI RECIBIDO CUOTA TORRE ${tower} ${unit} FOLIO ${i}`;
      cents = tower === 'A' ? 185_000 : 210_000;
    } else if (kind < 8) {
      concept = `DEPOSITO EN EFECTIVO SUC ${1000 + i}`;
      cents = 10_000 + (i % 97) * 100;
    } else {
      concept = `PAGO PROVEEDOR ${i}`;
      cents = -(5_000 + (i % 50) * 1_000);
    }
    balance += cents;
    rows.push(`${day},${concept},${cents < 0 ? money(-cents) : ''},${cents > 0 ? money(cents) : ''},${money(balance)}`);
  }
  return `${rows.join('\n')}\n`;
}

/** The import answers 201 (json() takes only 200). */
async function created<T>(origin: string, token: string, body: unknown): Promise<T> {
  const res = await request(origin, 'POST', '/api/--conciliacion/importar', token, body);
  if (res.status !== 201) throw new Error(`the import answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  return JSON.parse(res.body.toString()) as T;
}

export async function measureReconciliation(say: (line: string) => void): Promise<ReconciliationReport> {
  const dataDir = freshDataDir('reconciliation');
  try {
    const server = await startAppServer(dataDir, 120_000, { RATE_LIMIT_FACTOR: '1000' });
    try {
      const { origin } = server;
      const { token } = await signInAdmin(origin);
      const csv = benchStatement(RECONCILIATION_BENCH.movements);
      const datos = Buffer.from(csv).toString('base64');
      say(
        `  statement: ${RECONCILIATION_BENCH.movements.toLocaleString('en-US')} movements, ${(csv.length / 1024).toFixed(0)} KiB`,
      );
      let started = performance.now();
      const { preview } = await json<{ preview: { huella: string; accounts: { id: number }[] } }>(
        origin,
        'POST',
        '/api/--conciliacion/vista-previa',
        token,
        { nombre: 'bench.csv', datos },
      );
      const previewSeconds = (performance.now() - started) / 1000;
      const body = { nombre: 'bench.csv', datos, huella: preview.huella, cuentaId: preview.accounts[0]!.id };
      started = performance.now();
      const first = await created<{ import: { matched: number; pending: number } }>(origin, token, body);
      const importSeconds = (performance.now() - started) / 1000;
      started = performance.now();
      const again = await created<{ import: { added: number } }>(origin, token, body);
      const againSeconds = (performance.now() - started) / 1000;
      return {
        movements: RECONCILIATION_BENCH.movements,
        previewSeconds,
        importSeconds,
        againSeconds,
        matched: first.import.matched,
        pending: first.import.pending,
        againAdded: again.import.added,
      };
    } finally {
      await server.handle.stop();
    }
  } finally {
    removeDir(dataDir);
  }
}
