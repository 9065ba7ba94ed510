// `npm run stamps -- <command>`: the stamps provider's side of solicitar-timbres, run where the server's
// configuration is (the same DATA_DIR or DATABASE_URL as `npm start`):
//   pending            the requested packages not credited yet (número, condominio, RFC, timbres, fecha)
//   credit <número>    credits that request's package to its RFC, once (the number is in the request's e-mail)
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { creditStampRequest, StampCreditRefusal } from './domain/invoicing/stampRequests';
import { systemClock } from './infra/clock';

const USAGE = 'Uso: npm run stamps -- pending | credit <número de solicitud>';

async function main(args: string[]): Promise<number> {
  const [command, value] = args;
  if (command !== 'pending' && command !== 'credit') {
    console.error(USAGE);
    return 2;
  }
  const requestId = Number(value);
  if (command === 'credit' && !(Number.isSafeInteger(requestId) && requestId > 0)) {
    console.error(USAGE);
    return 2;
  }
  const database = openDatabase(loadConfig());
  try {
    await migrateToLatest(database.db);
    if (command === 'pending') {
      const rows = await database.db
        .selectFrom('stamp_requests as r')
        .innerJoin('invoicing_issuers as i', 'i.id', 'r.issuer_id')
        .innerJoin('condominiums as c', 'c.id', 'r.condo_id')
        .select(['r.id', 'c.name', 'i.rfc', 'r.quantity', 'r.created_at'])
        .where('r.credited_at', 'is', null)
        .orderBy('r.id')
        .execute();
      if (rows.length === 0) console.log('No hay solicitudes pendientes.');
      for (const r of rows) console.log(`${r.id}\t${r.name}\t${r.rfc}\t${r.quantity} timbres\t${r.created_at}`);
      return 0;
    }
    try {
      const done = await creditStampRequest(database.db, systemClock, requestId);
      console.log(
        `Solicitud ${done.requestId}: ${done.quantity} timbres acreditados a ${done.rfc}; disponibles: ${done.available}.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof StampCreditRefusal)) throw error;
      console.error(
        error.reason === 'notFound'
          ? `No existe la solicitud ${requestId}.`
          : `La solicitud ${requestId} ya fue acreditada; no se acreditó de nuevo.`,
      );
      return 1;
    }
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : (error as Error).message);
  process.exitCode = 1;
}
