// The model of bulkStatementsMachine shared by its headless test and its Chromium walk: a guided form (each
// field offered once, in order, with a wrong value where the rules have one) on 201 dwellings, so a run of
// every dwelling has three batches like the demo condominium's 260.
import type { Dwelling } from '../../src/api/finance';
import type { BatchResult, bulkStatementsMachine } from '../../src/machines/bulkStatementsMachine';
import type { ModelEvent, Snapshot } from './modelTesting';

export const DWELLINGS: Dwelling[] = Array.from({ length: 201 }, (_, i) => ({
  ApartmentId: i + 1,
  AptName: String(101 + i),
  TorreName: 'Torre A',
  Residentes: [],
}));
export const OPTIONS = { years: [2026, 2025, 2024], dwellings: DWELLINGS };
export const INPUT = { canEmail: true, tipoDescarga: 'pdf' };

export type Snap = Snapshot<typeof bulkStatementsMachine>;

/** The batch answers: a file for a download batch, a count for an e-mail batch. */
export const batchDone = (snapshot: Snap): BatchResult =>
  snapshot.context.form.tipo === 'enviar'
    ? { tipo: 'enviar', sent: 3 }
    : { tipo: 'descargar', url: `/api/--financiero/archivo/${snapshot.context.done + 1}?exp=1&sig=x` };

/** A guided form: each field offered once, in order, with a wrong value where the rules have one. */
export function eventsFor(snapshot: Snap): ModelEvent[] {
  const { form } = snapshot.context;
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadOptions', output: OPTIONS },
      { type: 'xstate.error.actor.loadOptions', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ running: 'working' })) {
    return [
      { type: 'xstate.done.actor.runBatch', output: batchDone(snapshot) },
      { type: 'xstate.error.actor.runBatch', error: new Error('Failed to fetch') },
      { type: 'cancel' },
    ];
  }
  if (snapshot.matches('editing')) {
    const next: ModelEvent[] = [{ type: 'submit' }];
    if (form.kind === null) next.push({ type: 'set.kind', kind: 1 }, { type: 'set.kind', kind: 2 });
    else if (form.tipo === null) next.push({ type: 'set.tipo', tipo: 'descargar' }, { type: 'set.tipo', tipo: 'enviar' });
    else if (form.kind === 1 && form.year === null) next.push({ type: 'set.year', year: 2025 });
    else if (form.kind === 2 && form.fechaFin === '')
      next.push({ type: 'set.dates', fechaInicio: '2025-06-01', fechaFin: '2025-01-31' });
    else if (form.kind === 2 && form.fechaFin < form.fechaInicio)
      next.push({ type: 'set.dates', fechaInicio: '2025-01-01', fechaFin: '2025-06-30' });
    else if (form.selected.length === 0) next.push({ type: 'select', ids: [3, 1] }, { type: 'select.all' });
    return next;
  }
  return [{ type: 'retry' }, { type: 'cancel' }, { type: 'close' }];
}
