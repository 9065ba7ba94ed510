// The recurring charges dialog (Cargos automáticos) as a test model, for a member of Las Palmas (the one
// condominium with recurring charges) and for a member of another one, refused at once (spec §6). The
// member's house has two charges (tests/support/recurringChargeFixtures.ts); the model works on the first:
// edit it (a valid amount with a comma, formatted on blur, and 0, refused on save), cancel it, or take its saved
// card off (Quitar tarjeta, confirmed first; offered while it has one). What
// follows an answer is offered only from the charges as loaded, so the model stays small.
import { recurringChargeMachine } from '../../src/machines/recurringChargeMachine';
import { ApiError } from '../../src/services/http';
import type { UpdateAmountResult } from '../../src/services/recurringChargesService';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { HOUSE_CHARGES, MEMBER, OUTSIDER } from '../support/recurringChargeFixtures';

type Snap = Snapshot<typeof recurringChargeMachine>;

/** What the user types in the amount field: a valid amount with a comma, and zero. */
export const VALID_TYPED = '1500,5';
export const ZERO = '0';
export const REFUSED_MESSAGE = 'Ingresa un monto válido mayor a 0';
export const NETWORK_DOWN = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** The charge the model edits and cancels: the house's maintenance fee. */
export const FIRST = HOUSE_CHARGES[0]!;

/** The charges as loaded (none saved or cancelled yet): where editing or cancelling the first is offered. */
const asLoaded = (s: Snap) => s.context.charges.length === HOUSE_CHARGES.length && s.context.charges[0]!.monto === FIRST.monto;
const draft = (s: Snap) => s.context.draft;
const editedCharge = (s: Snap) => s.context.charges.find((charge) => charge.id === s.context.editingId)!;

export const recurringChargeModel = defineModel({
  machine: recurringChargeMachine,
  inputs: { member: MEMBER, outsider: OUTSIDER },
  payloads: {
    'xstate.done.actor.loadCharges': [{ output: HOUSE_CHARGES }],
    'xstate.error.actor.loadCharges': [{ error: NETWORK_DOWN }],
    retry: BARE,
    edit: (s) => (asLoaded(s) ? [{ id: FIRST.id }] : []),
    askCancel: (s) => (asLoaded(s) ? [{ id: FIRST.id }] : []),
    askRemoveCard: (s) => (asLoaded(s) && s.context.charges[0]!.tarjeta !== null ? [{ id: FIRST.id }] : []),
    // Typed once, over the amount as it was.
    change: (s) => (draft(s) === editedCharge(s).monto ? [{ value: VALID_TYPED }, { value: ZERO }] : []),
    // Left once the comma was typed: it shows 2 decimals with a point.
    blur: (s) => (draft(s) === VALID_TYPED ? BARE : []),
    // Sent once the amount was changed, unless an alert already answered it.
    save: (s) => (draft(s) !== editedCharge(s).monto && s.context.alert === null ? BARE : []),
    cancelEdit: (s) => (draft(s) === VALID_TYPED ? BARE : []),
    'xstate.done.actor.saveAmount': (s) => [
      { output: { kind: 'saved', charge: { ...editedCharge(s), monto: draft(s) } } satisfies UpdateAmountResult },
      { output: { kind: 'refused', message: REFUSED_MESSAGE } satisfies UpdateAmountResult },
    ],
    'xstate.error.actor.saveAmount': [{ error: NETWORK_DOWN }],
    confirm: BARE,
    dismiss: BARE,
    'xstate.done.actor.cancelCharge': [{ output: undefined }],
    'xstate.error.actor.cancelCharge': [{ error: NETWORK_DOWN }],
    'xstate.done.actor.removeCard': (s) => [
      { output: { ...s.context.charges.find((c) => c.id === s.context.removeCardId)!, tarjeta: null, proximoCargo: null } },
    ],
    'xstate.error.actor.removeCard': [{ error: NETWORK_DOWN }],
  },
  words: {
    states: {
      deciding: 'Nothing yet: the session’s condominium decides at once whether the dialog may open.',
      refused: 'Not for this condominium: back on the communication area (Hola, …), no dialog.',
      loading: 'The Cargos automáticos dialog says Cargando tus cargos automáticos…',
      loadFailed: 'No pudimos cargar tus cargos automáticos., with Reintentar.',
      viewing:
        'The dialog lists the charges, each with its amount, its card (or Sin tarjeta guardada), its next charge and last attempts, Editar monto, Cancelar domiciliación and, with a card, Quitar tarjeta; an alert if a cancellation or a removal failed.',
      editing:
        'The charge’s row has the Nuevo límite mensual field with Guardar and Cancelar; an alert says Ingresa un monto válido mayor a 0 or that the save failed.',
      saving: 'The field is disabled and Guardar spins.',
      confirmingCancel:
        'Cancelar domiciliación asks Deseas cancelar esta domiciliación? for the charge, with No and Sí, cancelar.',
      cancelling: 'Sí, cancelar spins and No is disabled.',
      confirmingRemoveCard:
        'Quitar tarjeta asks ¿Quitar la tarjeta de esta domiciliación? for the charge, with No and Sí, quitar.',
      removingCard: 'Sí, quitar spins and No is disabled.',
    },
    events: {
      'xstate.done.actor.loadCharges': () => 'the charges arrive',
      'xstate.error.actor.loadCharges': () => 'the connection fails',
      retry: () => 'presses Reintentar',
      edit: () => `presses Editar monto of ${FIRST.descripcion}`,
      askCancel: () => `presses Cancelar domiciliación of ${FIRST.descripcion}`,
      change: (e) => `types “${e.value}” in Nuevo límite mensual`,
      blur: () => 'leaves the field',
      save: () => 'presses Enter to save',
      cancelEdit: () => 'presses Cancelar',
      'xstate.done.actor.saveAmount': (e) =>
        (e.output as UpdateAmountResult).kind === 'saved'
          ? 'the server saves the amount'
          : `the server refuses the amount (${REFUSED_MESSAGE})`,
      'xstate.error.actor.saveAmount': () => 'the connection fails',
      confirm: () => 'presses Sí, cancelar',
      dismiss: () => 'presses No',
      'xstate.done.actor.cancelCharge': () => 'the server cancels the charge',
      'xstate.error.actor.cancelCharge': () => 'the connection fails',
      askRemoveCard: () => `presses Quitar tarjeta of ${FIRST.descripcion}`,
      'xstate.done.actor.removeCard': () => 'the server takes the card off',
      'xstate.error.actor.removeCard': () => 'the connection fails',
    },
  },
});
