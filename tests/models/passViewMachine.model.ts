// The visitor's pass (invitacion/{CondoId}/{QR}) as a test model: the answers of the pass call and the
// words its scenarios are told in (docs/scenarios/passViewMachine.md).
import type { Pass } from '../../src/api/passes';
import { passViewMachine } from '../../src/machines/passViewMachine';
import { ApiError } from '../../src/services/http';
import type { PassResult } from '../../src/services/passesService';
import { BARE, defineModel } from '../support/machineModel';

export const PASS_INPUT = { condoId: '1', qr: 'DEMO-PASE-001' };
export const PASS = { Nombre: 'Laura Gómez Pineda', QR: 'DEMO-PASE-001' } as Pass;

/** One answer per branch: a pass, and an unknown or revoked one. */
const ANSWERS: PassResult[] = [{ kind: 'found', pass: PASS }, { kind: 'notFound' }];

/**
 * Where the model starts: the page asking for the pass (`link`), and the page that came with the answer
 * (input.preloaded: the server painted it, so the first render is already the pass or its absence).
 */
export const PASS_INPUTS = {
  link: PASS_INPUT,
  'page:found': { ...PASS_INPUT, preloaded: ANSWERS[0]! },
  'page:notFound': { ...PASS_INPUT, preloaded: ANSWERS[1]! },
};

export const passViewModel = defineModel({
  machine: passViewMachine,
  inputs: PASS_INPUTS,
  payloads: {
    retry: BARE,
    'xstate.done.actor.loadPass': ANSWERS.map((output) => ({ output })),
    'xstate.error.actor.loadPass': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      loading: 'Under Pase de acceso, a spinner says “Cargando el pase…”.',
      found: 'The pass: its QR on top, then the visitor, the dwelling, the dates, the hours and how to get in.',
      notFound: 'An alert says the pass was not found or is not valid; nothing else is offered.',
      failed: 'An alert says the pass could not be loaded, with a Reintentar button.',
    },
    events: {
      retry: () => 'presses Reintentar',
      'xstate.done.actor.loadPass': (e) => `the server answers ${(e.output as PassResult).kind}`,
      'xstate.error.actor.loadPass': () => 'the connection fails',
    },
  },
});
