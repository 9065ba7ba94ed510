// Administrators' settings of requests to the administrator: the condominium's categories (add one, rename
// one, switch one on or off) and the hours to the due date by priority. Each change is sent on its own and
// the settings are read again after it; a refusal shows the server's words and keeps what was typed.
import { assign, fromPromise, setup } from 'xstate';
import { TICKET_PRIORITIES, type TicketPriority } from '../api/ticketLifecycle';
import {
  CATEGORY_NAME_MAX,
  type CategorySaveRequest,
  type DueHoursRequest,
  type TicketCategory,
  type TicketSettingsAnswer,
} from '../api/tickets';
import { fetchTicketSettings, saveTicketCategory, saveTicketDueHours } from '../services/ticketsService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** The most hours a due time may be (90 days), as the contract's DueHoursRequest says. */
export const DUE_HOURS_MAX = 24 * 90;

export type SettingsChange = { kind: 'category'; request: CategorySaveRequest } | { kind: 'hours'; request: DueHoursRequest };

export type TicketSettingsNotice = 'categorySaved' | 'hoursSaved';

export interface TicketSettingsContext {
  settings: TicketSettingsAnswer | null;
  /** The new category's name. */
  newName: string;
  /** The category being renamed and its new name. */
  renaming: { id: number; nombre: string } | null;
  /** The due hours as typed (null: emptied). */
  hours: Record<TicketPriority, number | null>;
  pending: SettingsChange | null;
  failure: CallFailure | null;
  notice: TicketSettingsNotice | null;
}

export type TicketSettingsEvent =
  | { type: 'retry' }
  | { type: 'editNew'; nombre: string }
  | { type: 'add' }
  | { type: 'startRename'; id: number }
  | { type: 'editRename'; nombre: string }
  | { type: 'cancelRename' }
  | { type: 'saveRename' }
  | { type: 'toggle'; id: number }
  | { type: 'editHours'; prioridad: TicketPriority; value: number | null }
  | { type: 'saveHours' };

/** A category name that may be saved: not blank, not too long, not another category's (accents and case aside). */
export function categoryNameProblem(
  nombre: string,
  categorias: readonly TicketCategory[],
  exceptId: number | null,
): 'required' | 'tooLong' | 'duplicate' | null {
  const name = nombre.trim();
  if (!name) return 'required';
  if (name.length > CATEGORY_NAME_MAX) return 'tooLong';
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase('es');
  if (categorias.some((c) => c.id !== exceptId && fold(c.nombre.trim()) === fold(name))) return 'duplicate';
  return null;
}

export const hoursValid = (value: number | null) =>
  value !== null && Number.isInteger(value) && value >= 1 && value <= DUE_HOURS_MAX;

const hoursOf = (settings: TicketSettingsAnswer) =>
  Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, settings.horas[p]])) as Record<TicketPriority, number>;

const NO_HOURS: Record<TicketPriority, number | null> = { baja: null, media: null, alta: null, urgente: null };

async function saveAndRead(change: SettingsChange, signal: AbortSignal): Promise<TicketSettingsAnswer> {
  if (change.kind === 'category') await saveTicketCategory(change.request, signal);
  else await saveTicketDueHours(change.request, signal);
  return fetchTicketSettings(signal);
}

export const ticketSettingsMachine = setup({
  types: {
    context: {} as TicketSettingsContext,
    events: {} as TicketSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<TicketSettingsAnswer>(({ signal }) => fetchTicketSettings(signal)),
    saveSettings: fromPromise<TicketSettingsAnswer, SettingsChange>(({ input, signal }) => saveAndRead(input, signal)),
  },
  guards: {
    newNameValid: ({ context }) => categoryNameProblem(context.newName, context.settings?.categorias ?? [], null) === null,
    known: ({ context }, { id }: { id: number }) => !!context.settings?.categorias.some((c) => c.id === id),
    renameValid: ({ context }) => {
      const renaming = context.renaming;
      if (!renaming) return false;
      const before = context.settings?.categorias.find((c) => c.id === renaming.id);
      return (
        !!before &&
        before.nombre !== renaming.nombre.trim() &&
        categoryNameProblem(renaming.nombre, context.settings!.categorias, renaming.id) === null
      );
    },
    hoursReady: ({ context }) =>
      !!context.settings &&
      TICKET_PRIORITIES.every((p) => hoursValid(context.hours[p])) &&
      TICKET_PRIORITIES.some((p) => context.hours[p] !== context.settings!.horas[p]),
  },
  actions: {
    showSettings: assign((_, { settings }: { settings: TicketSettingsAnswer }) => ({ settings, hours: hoursOf(settings) })),
    editNew: assign((_, { nombre }: { nombre: string }) => ({ newName: nombre, notice: null })),
    startRename: assign(({ context }, { id }: { id: number }) => ({
      renaming: { id, nombre: context.settings!.categorias.find((c) => c.id === id)!.nombre },
      notice: null,
    })),
    editRename: assign(({ context }, { nombre }: { nombre: string }) => ({
      renaming: context.renaming ? { ...context.renaming, nombre } : null,
    })),
    cancelRename: assign({ renaming: null }),
    editHours: assign(({ context }, { prioridad, value }: { prioridad: TicketPriority; value: number | null }) => ({
      hours: { ...context.hours, [prioridad]: value },
      notice: null,
    })),
    sendNew: assign(({ context }) => ({
      pending: { kind: 'category', request: { nombre: context.newName.trim(), activa: true } } as SettingsChange,
    })),
    sendRename: assign(({ context }) => {
      const category = context.settings!.categorias.find((c) => c.id === context.renaming!.id)!;
      return {
        pending: {
          kind: 'category',
          request: { id: category.id, nombre: context.renaming!.nombre.trim(), activa: category.activa },
        } as SettingsChange,
      };
    }),
    sendToggle: assign(({ context }, { id }: { id: number }) => {
      const category = context.settings!.categorias.find((c) => c.id === id)!;
      return {
        pending: { kind: 'category', request: { id, nombre: category.nombre, activa: !category.activa } } as SettingsChange,
      };
    }),
    sendHours: assign(({ context }) => ({
      pending: { kind: 'hours', request: context.hours as DueHoursRequest } as SettingsChange,
    })),
    startCall: assign({ failure: null, notice: null }),
    /** Saved: what was sent is cleared, the settings are the server's. */
    saved: assign(({ context }, { settings }: { settings: TicketSettingsAnswer }) => ({
      settings,
      hours: hoursOf(settings),
      notice: (context.pending?.kind === 'hours' ? 'hoursSaved' : 'categorySaved') as TicketSettingsNotice,
      ...(context.pending?.kind === 'category' && context.pending.request.id === undefined ? { newName: '' } : {}),
      ...(context.pending?.kind === 'category' && context.renaming?.id === context.pending.request.id ? { renaming: null } : {}),
      pending: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), pending: null })),
  },
}).createMachine({
  id: 'ticketSettings',
  context: {
    settings: null,
    newName: '',
    renaming: null,
    hours: NO_HOURS,
    pending: null,
    failure: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: { type: 'showSettings', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        editNew: { actions: { type: 'editNew', params: ({ event }) => ({ nombre: event.nombre }) } },
        add: { guard: 'newNameValid', target: 'saving', actions: 'sendNew' },
        startRename: {
          guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'startRename', params: ({ event }) => ({ id: event.id }) },
        },
        editRename: { actions: { type: 'editRename', params: ({ event }) => ({ nombre: event.nombre }) } },
        cancelRename: { actions: 'cancelRename' },
        saveRename: { guard: 'renameValid', target: 'saving', actions: 'sendRename' },
        toggle: {
          guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
          target: 'saving',
          actions: { type: 'sendToggle', params: ({ event }) => ({ id: event.id }) },
        },
        editHours: {
          actions: { type: 'editHours', params: ({ event }) => ({ prioridad: event.prioridad, value: event.value }) },
        },
        saveHours: { guard: 'hoursReady', target: 'saving', actions: 'sendHours' },
      },
    },
    saving: {
      entry: 'startCall',
      invoke: {
        id: 'save',
        src: 'saveSettings',
        input: ({ context }) => context.pending!,
        onDone: { target: 'ready', actions: { type: 'saved', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
