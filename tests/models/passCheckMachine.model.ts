// 'Verificar pase' of the employee panel as a test model: the guard types a pass's code with blanks around
// it, and the server answers the pass with its verdict, not found, too many checks, or nothing. The words
// its scenarios are told in: docs/scenarios/passCheckMachine.md.
import type { PassCheck } from '../../src/api/passCheck';
import { passCheckMachine } from '../../src/machines/passCheckMachine';
import { ApiError } from '../../src/services/http';
import type { PassCheckResult } from '../../src/services/passCheckService';
import { BARE, defineModel } from '../support/machineModel';

export const CODE = ' palmas01 ';
export const CHECK = {
  verdict: 'valid',
  reason: null,
  checkedAt: { date: '2025-06-02', time: '12:00' },
  pass: { Nombre: 'Laura Gómez Pineda', ClaveManual: 'PALMAS01' },
} as PassCheck;

export const passCheckModel = defineModel({
  machine: passCheckMachine,
  payloads: {
    // A blank code is never checked: each state's check says so.
    check: [{ codigo: CODE }],
    retry: BARE,
    clear: BARE,
    'xstate.done.actor.checkPass': (
      [{ kind: 'checked', check: CHECK }, { kind: 'notFound' }, { kind: 'tooMany' }] as PassCheckResult[]
    ).map((output) => ({ output })),
    'xstate.error.actor.checkPass': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      idle: 'Verificar pase: Clave manual o QR, empty, and Verificar.',
      checking: 'Verificando el pase…; Verificar is busy.',
      result: 'The pass (name, manual key) with its verdict, Válido ahora (or why not), and Nueva consulta.',
      notFound: 'Pase desconocido, with Nueva consulta.',
      limited: 'Demasiadas verificaciones: Espera un minuto y vuelve a intentarlo., with Reintentar.',
      failed: 'No pudimos verificar el pase, and why (the server’s words, or no connection), with Reintentar.',
    },
    events: {
      check: (e) => `types “${e.codigo}” in Clave manual o QR and presses Verificar`,
      retry: () => 'presses Reintentar',
      clear: () => 'presses Nueva consulta',
      'xstate.done.actor.checkPass': (e) => {
        const result = e.output as PassCheckResult;
        return result.kind === 'checked'
          ? `the server answers the pass: ${result.check.verdict}`
          : `the server answers ${result.kind}`;
      },
      'xstate.error.actor.checkPass': () => 'the connection fails',
    },
  },
});
