// The permissions editor as a test model: a guard without 'Verificar pase' (loaded, or after one failed load
// and a retry) whose keys, levels and functions are changed, discarded and saved; the save saved, refused as
// stale (someone else changed the guard meanwhile: the fresh set is shown and the change redone), or failed
// and retried; and the condominium's only administrator taking their own flag away, refused, and putting it
// back. The words its scenarios are told in: docs/scenarios/permissionsEditorMachine.md.
import type { EventObject } from 'xstate';
import { isDirty, permissionsEditorMachine } from '../../src/machines/permissionsEditorMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import {
  ADMIN_SELF,
  GUARD,
  GUARD_FRESH,
  GUARD_REDONE,
  GUARD_SAVED,
  LAST_ADMIN_MESSAGE,
  STALE_MESSAGE,
} from '../support/memberPermissionsFixtures';
import type { Snapshot } from '../support/modelTesting';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof permissionsEditorMachine>;
const isGuard = (s: Snap) => s.context.membershipId === GUARD.membershipId;
const clean = (s: Snap) => s.context.draft !== null && !isDirty(s.context);
const readAs = (s: Snap, m: typeof GUARD) => s.context.member === m;

export const permissionsEditorModel = defineModel({
  machine: permissionsEditorMachine,
  inputs: { guard: { membershipId: GUARD.membershipId }, admin: { membershipId: ADMIN_SELF.membershipId } },
  payloads: {
    'xstate.done.actor.load': (s) => [{ output: isGuard(s) ? GUARD : ADMIN_SELF }],
    'xstate.error.actor.load': (s) => (isGuard(s) && s.context.failure === null ? [{ error: NO_CONNECTION }] : []),
    retry: BARE,
    setPermission: (s) =>
      isGuard(s) && clean(s) && (readAs(s, GUARD) || readAs(s, GUARD_FRESH)) ? [{ clave: 'ACC-PAS', activa: true }] : [],
    setLevel: (s) => (isGuard(s) && clean(s) && readAs(s, GUARD) ? [{ clave: 'ADEUDOS', tipo: 'editar' }] : []),
    setFunction: (s) => (isGuard(s) && clean(s) && readAs(s, GUARD) ? [{ funcion: 'Bancos', tipo: 2 }] : []),
    setRole: (s) =>
      isGuard(s) || s.context.draft === null
        ? []
        : s.context.draft.roles.admin
          ? clean(s)
            ? [{ role: 'admin', value: false }]
            : []
          : [{ role: 'admin', value: true }],
    discard: (s) => (isDirty(s.context) && s.context.failure === null && s.context.refusal === null ? BARE : []),
    save: BARE,
    'xstate.done.actor.save': (s) => {
      if (!isGuard(s))
        return [{ output: { kind: 'refused', motivo: 'lastAdmin', message: LAST_ADMIN_MESSAGE, miembro: ADMIN_SELF } }];
      if (readAs(s, GUARD_FRESH)) return [{ output: { kind: 'saved', miembro: GUARD_REDONE } }];
      if (s.context.draft?.permisos.find((p) => p.clave === 'ACC-PAS')?.activa !== true)
        return [{ output: { kind: 'saved', miembro: GUARD_SAVED } }];
      return [
        { output: { kind: 'saved', miembro: GUARD_SAVED } },
        { output: { kind: 'refused', motivo: 'stale', message: STALE_MESSAGE, miembro: GUARD_FRESH } },
      ];
    },
    'xstate.error.actor.save': (s) =>
      isGuard(s) && readAs(s, GUARD) && s.context.failure === null && s.context.refusal === null
        ? [{ error: NO_CONNECTION }]
        : [],
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      loading: 'The drawer “Permisos de …” opens with a loader.',
      loadFailed: 'An alert “No pudimos cargar los permisos de esta persona.” and Reintentar.',
      ready:
        'The drawer: Roles (switches), Permisos (a switch per key, “COM-EDO · Estado de cuenta”, with its level), Funciones financieras (Sin acceso … Total); Guardar while something changed.',
      'ready.editing': 'The editor; “Tienes cambios sin guardar.” while the draft differs.',
      'ready.saved': 'A note “Permisos guardados.”.',
      'ready.stale': 'An alert “Los permisos cambiaron”: the current permissions are shown to redo the change.',
      'ready.lastAdmin': 'An alert “Se necesita un administrador” with the server’s words; the change stays to be undone.',
      'ready.failed': 'An alert “No pudimos guardar los permisos.” and Reintentar.',
      saving: 'Guardar is busy.',
    },
    events: {
      'xstate.done.actor.load': (e) => `the server sends ${(e.output as typeof GUARD).nombre}’s permissions`,
      'xstate.error.actor.load': () => 'the connection fails',
      retry: () => 'presses Reintentar',
      setPermission: (e) => `switches ${String(e.clave)} ${e.activa ? 'on' : 'off'}`,
      setLevel: (e) => `sets ${String(e.clave)} to “${String(e.tipo)}”`,
      setFunction: (e) => `sets ${String(e.funcion)} to ${String(e.tipo)}`,
      setRole: (e) => `switches the ${String(e.role)} role ${e.value ? 'on' : 'off'}`,
      discard: () => 'presses Descartar cambios',
      save: () => 'presses Guardar',
      'xstate.done.actor.save': (e) => {
        const out = e.output as { kind: string; motivo?: string };
        return out.kind === 'saved'
          ? 'the server saves it'
          : out.motivo === 'stale'
            ? 'the server says someone else changed them'
            : 'the server refuses: the last administrator';
      },
      'xstate.error.actor.save': () => 'the connection fails',
    },
  },
});
