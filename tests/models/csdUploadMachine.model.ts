// The CSD upload as a test model: the .cer, the .key and the password chosen, then the server saves it, finds a
// problem with it (a FIEL instead of a CSD, a wrong password…; chosen again), or does not answer (retried once the
// password is typed again). The words its scenarios are told in: docs/scenarios.
import type { CsdFile, CsdUploadContext } from '../../src/machines/csdUploadMachine';
import { csdUploadMachine } from '../../src/machines/csdUploadMachine';
import { ApiError } from '../../src/services/http';
import type { CsdUploadResult } from '../../src/services/invoicingService';
import { defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

/** Files as the browser gives them (the machine reads their names and sizes). */
export const CER = { name: 'csd.cer', size: 1500 } as unknown as CsdFile;
export const KEY = { name: 'csd.key', size: 1300 } as unknown as CsdFile;
export const FIEL_CER = { name: 'fiel.cer', size: 1600 } as unknown as CsdFile;
export const HUGE_KEY = { name: 'enorme.key', size: 200_000 } as unknown as CsdFile;
export const PASSWORD = '12345678a';

export const SAVED: CsdUploadResult = {
  kind: 'saved',
  issuer: {
    id: 1,
    version: 2,
    rfc: 'CPA010101AB1',
    razonSocial: 'CONDOMINIO LAS PALMAS',
    regimenFiscal: '601',
    lugarExpedicion: '06600',
    serie: 'A',
    nextFolio: 1,
    modoInvoice: 'M',
    csd: { noCertificado: '30001000000500003416', validFrom: '2025-01-01', validTo: '2029-01-01' },
    stampsAvailable: 0,
  },
};
export const IS_FIEL: CsdUploadResult = { kind: 'problem', problem: 'isFiel', message: 'Es una e.firma.' };
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof csdUploadMachine>;
const ctx = (s: Snap): CsdUploadContext => s.context;

export const csdUploadModel = defineModel({
  machine: csdUploadMachine,
  input: { issuerId: 1, version: 1 },
  payloads: {
    chooseCer: (s) => {
      if (ctx(s).cer === null) return [{ file: FIEL_CER }];
      return ctx(s).problem !== null && ctx(s).cer === FIEL_CER ? [{ file: CER }] : [];
    },
    chooseKey: (s) => {
      if (ctx(s).key === null) return [{ file: HUGE_KEY }];
      return ctx(s).key === HUGE_KEY || s.matches('problem') ? [{ file: KEY }] : [];
    },
    typePassword: (s) => (ctx(s).password === '' ? [{ password: PASSWORD }] : []),
    upload: [{}],
    retry: [{}],
    'xstate.done.actor.upload': (s) => (ctx(s).cer === FIEL_CER ? [{ output: IS_FIEL }] : [{ output: SAVED }]),
    'xstate.error.actor.upload': (s) => (ctx(s).cer === CER && ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
  },
  words: {
    states: {
      choosing:
        'The dialog “Subir el CSD de <RFC>”: the .cer and .key pickers and the password field (empty); “Subir CSD” enabled once all three are there and no file is over 64 KB.',
      uploading: 'A progress line: “Revisando el CSD…”.',
      problem:
        'An alert with the problem’s message (e.g. “Ese certificado es una e.firma (FIEL), no un CSD…”); the password empty.',
      failed: 'An alert (no connection); the password empty; “Reintentar” once it is typed again.',
      saved: '“CSD guardado. Ya puedes timbrar con este RFC.”, and the issuer shows its certificate number and validity.',
    },
    events: {
      chooseCer: (e) => `chooses ${(e.file as CsdFile).name}`,
      chooseKey: (e) => `chooses ${(e.file as CsdFile).name}`,
      typePassword: () => 'types the key’s password',
      upload: () => 'presses “Subir CSD”',
      retry: () => 'presses “Reintentar”',
      'xstate.done.actor.upload': (e) =>
        (e.output as CsdUploadResult).kind === 'saved' ? 'the server saves the CSD' : 'the server says it is a FIEL',
      'xstate.error.actor.upload': () => 'the connection fails',
    },
  },
});
