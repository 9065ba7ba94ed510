// The saved column mappings of conciliación (issue 27): how the condominium reads the CSV of a bank no layout
// knows. They load; one is renamed (a name, not blank, that no other mapping has) or deleted; each answer
// replaces the list's entry; a refused or failed call keeps the list, with why. A reload (after an import that
// saved one) reads them again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ColumnMapping } from '../api/reconciliation';
import { listMappings, removeMapping, renameMapping } from '../services/reconciliationService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ReconciliationMappingsContext {
  mappings: ColumnMapping[];
  /** The mapping whose call is under way. */
  busyId: number | null;
  failure: CallFailure | null;
}

export type ReconciliationMappingsEvent =
  | { type: 'rename'; id: number; name: string }
  | { type: 'remove'; id: number }
  | { type: 'reload' }
  | { type: 'retry' };

/** Whether `name` may be the new name of mapping `id` among `mappings`. */
export const nameFits = (mappings: readonly ColumnMapping[], id: number, name: string) => {
  const trimmed = name.trim();
  const current = mappings.find((m) => m.id === id);
  return (
    current !== undefined &&
    trimmed.length >= 1 &&
    trimmed.length <= 100 &&
    trimmed !== current.name &&
    !mappings.some((m) => m.id !== id && m.name === trimmed)
  );
};

export const reconciliationMappingsMachine = setup({
  types: {
    context: {} as ReconciliationMappingsContext,
    events: {} as ReconciliationMappingsEvent,
  },
  actors: {
    loadMappings: fromPromise<ColumnMapping[]>(({ signal }) => listMappings(signal)),
    renameMapping: fromPromise<ColumnMapping, { id: number; name: string }>(({ input, signal }) =>
      renameMapping(input.id, input.name, signal),
    ),
    removeMapping: fromPromise<void, { id: number }>(({ input, signal }) => removeMapping(input.id, signal)),
  },
  guards: {
    renamable: ({ context, event }) => event.type === 'rename' && nameFits(context.mappings, event.id, event.name),
    removable: ({ context, event }) => event.type === 'remove' && context.mappings.some((m) => m.id === event.id),
  },
  actions: {
    keepMappings: assign((_, mappings: ColumnMapping[]) => ({ mappings, failure: null })),
    startCall: assign(({ event }) => {
      assertEvent(event, ['rename', 'remove']);
      return { busyId: event.id, failure: null };
    }),
    keepRenamed: assign(({ context }, mapping: ColumnMapping) => ({
      mappings: context.mappings.map((m) => (m.id === mapping.id ? mapping : m)).sort((a, b) => a.name.localeCompare(b.name)),
      busyId: null,
    })),
    dropRemoved: assign(({ context }) => ({
      mappings: context.mappings.filter((m) => m.id !== context.busyId),
      busyId: null,
    })),
    clearFailure: assign({ failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), busyId: null })),
  },
}).createMachine({
  id: 'reconciliationMappings',
  context: { mappings: [], busyId: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMappings',
        src: 'loadMappings',
        onDone: { target: 'shown', actions: { type: 'keepMappings', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    shown: {
      on: {
        rename: { guard: 'renamable', target: 'renaming', actions: 'startCall' },
        remove: { guard: 'removable', target: 'removing', actions: 'startCall' },
        reload: 'loading',
      },
    },
    renaming: {
      invoke: {
        id: 'renameMapping',
        src: 'renameMapping',
        input: ({ event }) => {
          assertEvent(event, 'rename');
          return { id: event.id, name: event.name.trim() };
        },
        onDone: { target: 'shown', actions: { type: 'keepRenamed', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removing: {
      invoke: {
        id: 'removeMapping',
        src: 'removeMapping',
        input: ({ event }) => {
          assertEvent(event, 'remove');
          return { id: event.id };
        },
        onDone: { target: 'shown', actions: 'dropRemoved' },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
