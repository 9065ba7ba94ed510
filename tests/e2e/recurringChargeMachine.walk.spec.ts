// recurringChargeMachine's scenarios (tests/models/recurringChargeMachine.model.ts: the fewest of the headless
// paths that take every declared branch) walked through the real UI in Chromium at 390×844. Each member's path
// that changes the demo data (saving an amount, cancelling, removing the card) signs in as its own neighbour with a
// house in Las Palmas, and the paths that change nothing share one (vecino074…084@demo.mx today: the maintenance
// fee at $2,450.00 with a sandbox card saved, server/db/seed/savedCards.ts, and the reserve fund at $350.00,
// server/db/seed/recurringCharges.ts). The browser holds each call until the path says how it ends: through to the real
// server, cut (xstate.error…), or — for a refusal the dialog never provokes, since it only sends amounts
// above 0 — answered with the server's 400 on monto. Every state node has a screen assertion of its own. The refusal
// (spec §6: the dialog is for Las Palmas only) is walked by the demo administrator in Torres del Bosque,
// who reads and changes nothing here.
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { RecurringCharge } from '../../src/api/recurringCharges';
import type { RecurringChargeInput, recurringChargeMachine } from '../../src/machines/recurringChargeMachine';
import { formatMonto } from '../../src/views/charges/money';
import { recurringChargeModel } from '../models/recurringChargeMachine.model';
import { apiToken, openSignedIn } from '../support/e2e/apiSignIn';
import { coverModel, type Payload, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { HOUSE_CHARGES, OUTSIDER } from '../support/recurringChargeFixtures';
import { expect, test } from './fixtures';

type Snap = Snapshot<typeof recurringChargeMachine>;

const { machine } = recurringChargeModel;
const cover = coverModel(recurringChargeModel);
const paths = cover.browserPaths();
const nameOf = (index: number) => cover.names[cover.paths.indexOf(paths[index]!)]!;
const isOutsider = (input: unknown) => (input as RecurringChargeInput).condo.CondoId === OUTSIDER.condo.CondoId;
const memberPaths = paths.filter((path) => !isOutsider(path.input));
/** A path that changes the member's data: it needs a neighbour of its own. */
const CHANGES = ['xstate.done.actor.cancelCharge', 'xstate.done.actor.removeCard'];
const changes = (path: (typeof paths)[number]) =>
  path.steps.some((step) => {
    const event = step.event as EventObject & { output?: { kind?: string } };
    return CHANGES.includes(event.type) || (event.type === 'xstate.done.actor.saveAmount' && event.output?.kind === 'saved');
  });
const changingPaths = memberPaths.filter(changes);

const FIRST_ACCOUNT = 74;
// 085 pays online in checkout.spec.ts, and 086 is the demo's dwelling in arrears (polls.spec.ts reads its refusal).
const LAST_ACCOUNT = 84;

const REFUSED = { success: false, message: 'Ingresa un monto válido mayor a 0', code: 'BAD_REQUEST', field: 'monto' };

/** The calls the dialog makes, held until the path settles them. */
class HeldCalls {
  private readonly held = new Map<string, Route[]>();
  constructor(page: Page) {
    for (const verb of ['list', 'update-amount', 'cancel', 'remove-card']) {
      this.held.set(verb, []);
      void page.route(`**/api/--cargos-automaticos/${verb}`, (route) => void this.held.get(verb)!.push(route));
    }
  }
  async settle(verb: string, how: 'continue' | 'abort' | 'refuse') {
    const queue = this.held.get(verb)!;
    await expect.poll(() => queue.length, { message: `waiting for the ${verb} call` }).toBeGreaterThan(0);
    const route = queue.shift()!;
    if (how === 'continue') await route.continue();
    else if (how === 'abort') await route.abort('internetdisconnected');
    else await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(REFUSED) });
  }
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cargos automáticos' });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Cancelar domiciliación' });
const removeCardDialog = (page: Page) => page.getByRole('dialog', { name: 'Quitar tarjeta' });

/** The account's real charges, by the fixture's ids (1: maintenance, 2: reserve fund). */
type RealCharges = Map<number, RecurringCharge>;

function checksFor(real: RealCharges) {
  const description = (id: number) => real.get(id)!.descripcion;
  const amountField = (page: Page, id: number) =>
    dialog(page).getByRole('textbox', { name: `Nuevo límite mensual de ${description(id)}` });
  const alertText = {
    invalidAmount: 'Ingresa un monto válido mayor a 0',
    saveFailed: 'No se pudo guardar el monto. Inténtalo de nuevo.',
    cancelFailed: 'No se pudo cancelar la domiciliación. Inténtalo de nuevo.',
    removeCardFailed: 'No se pudo quitar la tarjeta. Inténtalo de nuevo.',
  } as const;
  const checkAlert = async (page: Page, s: Snap) => {
    if (s.context.alert) await expect(dialog(page).getByRole('alert')).toHaveText(alertText[s.context.alert]);
    else await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  };
  const checkRows = async (page: Page, s: Snap) => {
    await expect(dialog(page).getByRole('article')).toHaveCount(s.context.charges.length);
    for (const charge of s.context.charges) {
      if (charge.id === s.context.editingId) continue;
      const row = dialog(page).getByRole('article', { name: description(charge.id) });
      await expect(row.getByTestId('monto')).toHaveText(formatMonto(charge.monto));
    }
  };
  const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
    deciding: async () => {
      throw new Error('deciding is transient and must never be observed');
    },
    refused: async (page) => {
      await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
      await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
    },
    loading: async (page) => {
      await expect(dialog(page).getByRole('status')).toHaveText('Cargando tus cargos automáticos…');
      await expect(dialog(page).getByRole('article')).toHaveCount(0);
    },
    loadFailed: async (page) => {
      await expect(dialog(page).getByRole('alert')).toContainText('No pudimos cargar tus cargos automáticos.');
      await expect(dialog(page).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    },
    viewing: async (page, s) => {
      await checkRows(page, s);
      await checkAlert(page, s);
      await expect(dialog(page).getByRole('textbox')).toHaveCount(0);
      await expect(confirmDialog(page)).toHaveCount(0);
    },
    editing: async (page, s) => {
      await checkRows(page, s);
      await checkAlert(page, s);
      await expect(amountField(page, s.context.editingId!)).toHaveValue(s.context.draft);
      await expect(amountField(page, s.context.editingId!)).toBeEnabled();
    },
    saving: async (page, s) => {
      await expect(amountField(page, s.context.editingId!)).toHaveValue(s.context.draft);
      await expect(amountField(page, s.context.editingId!)).toBeDisabled();
      await expect(dialog(page).getByRole('button', { name: 'Guardar' })).toHaveAttribute('data-loading', 'true');
    },
    confirmingCancel: async (page, s) => {
      await expect(confirmDialog(page).getByText('Deseas cancelar esta domiciliación?')).toBeVisible();
      await expect(confirmDialog(page).getByText(description(s.context.cancelId!))).toBeVisible();
      await expect(confirmDialog(page).getByRole('button', { name: 'Sí, cancelar' })).toBeEnabled();
    },
    cancelling: async (page) => {
      await expect(confirmDialog(page).getByRole('button', { name: 'Sí, cancelar' })).toHaveAttribute('data-loading', 'true');
      await expect(confirmDialog(page).getByRole('button', { name: 'No' })).toBeDisabled();
    },
    confirmingRemoveCard: async (page, s) => {
      await expect(removeCardDialog(page).getByText(/^¿Quitar la tarjeta de esta domiciliación\?/)).toBeVisible();
      await expect(removeCardDialog(page).getByText(new RegExp(`^${description(s.context.removeCardId!)}`))).toBeVisible();
      await expect(removeCardDialog(page).getByRole('button', { name: 'Sí, quitar' })).toBeEnabled();
    },
    removingCard: async (page) => {
      await expect(removeCardDialog(page).getByRole('button', { name: 'Sí, quitar' })).toHaveAttribute('data-loading', 'true');
      await expect(removeCardDialog(page).getByRole('button', { name: 'No' })).toBeDisabled();
    },
  };
  return { STATES, description, amountField };
}

/** Every state node the snapshot is in, each with its own screen check. */
async function check(STATES: Record<string, (page: Page, s: Snap) => Promise<void>>, page: Page, s: Snap) {
  for (const key of stateNodeKeys(machine)) if (s.matches(key as never)) await STATES[key]!(page, s);
}

test.describe('recurringChargeMachine walked in Chromium', () => {
  test('every state node has a screen assertion of its own, the scenarios reach every one, one neighbour each', () => {
    requireDistinctChecks(machine, checksFor(new Map()).STATES);
    expect(reachedStateNodes(machine, paths)).toEqual(stateNodeKeys(machine));
    // One neighbour per path that changes data, and one more for all the paths that change nothing.
    expect(changingPaths.length + 1).toBeLessThanOrEqual(LAST_ACCOUNT - FIRST_ACCOUNT + 1);
  });

  paths.forEach((path, index) => {
    if (!isOutsider(path.input)) return;
    test(`admin@demo.mx in Torres del Bosque: ${nameOf(index)}: back to the communication area, nothing asked`, async ({
      page,
    }) => {
      const { STATES } = checksFor(new Map());
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/--cargos-automaticos/')) asked.push(request.url());
      });
      await openSignedIn(page, 'admin@demo.mx', '/condominio/cargos-automaticos', 'Torres del Bosque');
      for (const step of path.steps) await check(STATES, page, step.state as Snap);
      expect(asked).toEqual([]);
    });
  });

  memberPaths.forEach((path) => {
    const own = changingPaths.indexOf(path);
    // The paths that change nothing read the same neighbour, the last one, at once.
    const account = `vecino0${own >= 0 ? FIRST_ACCOUNT + own : LAST_ACCOUNT}@demo.mx`;
    test(`${account}: ${nameOf(paths.indexOf(path))}`, async ({ page }) => {
      const token = await apiToken(page.request, account);
      const listed = await page.request.get('/api/--cargos-automaticos/list', { headers: { 'app-token': token } });
      const charges = ((await listed.json()) as { data: RecurringCharge[] }).data;
      // The path starts from the demo data: a house's two charges, as the model loads them.
      expect(charges.map((c) => c.monto)).toEqual(HOUSE_CHARGES.map((c) => c.monto));
      const real: RealCharges = new Map(HOUSE_CHARGES.map((fixture, i) => [fixture.id, charges[i]!]));
      const { STATES, description, amountField } = checksFor(real);

      const calls = new HeldCalls(page);
      await page.addInitScript((value) => window.localStorage.setItem('app-token', value), token);
      await page.goto('/condominio/cargos-automaticos');
      await expect(dialog(page)).toBeVisible();

      let before = path.steps[0]!.state as Snap;
      for (const step of path.steps) {
        const event = step.event as EventObject & Payload;
        const id = event.id as number;
        const answer = (event.output as { kind?: string } | undefined)?.kind;
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'xstate.done.actor.loadCharges':
            await calls.settle('list', 'continue');
            break;
          case 'xstate.error.actor.loadCharges':
            await calls.settle('list', 'abort');
            break;
          case 'retry':
            await dialog(page).getByRole('button', { name: 'Reintentar' }).click();
            break;
          case 'edit':
            await dialog(page)
              .getByRole('button', { name: `Editar monto de ${description(id)}` })
              .click();
            break;
          case 'change':
            await amountField(page, before.context.editingId!).fill(event.value as string);
            break;
          case 'blur':
            await amountField(page, before.context.editingId!).blur();
            break;
          // Enter sends the form without leaving the field, as the event does.
          case 'save':
            await amountField(page, before.context.editingId!).press('Enter');
            break;
          case 'cancelEdit':
            await dialog(page).getByRole('button', { name: 'Cancelar', exact: true }).click();
            break;
          case 'askCancel':
            await dialog(page)
              .getByRole('button', { name: `Cancelar domiciliación de ${description(id)}` })
              .click();
            break;
          case 'confirm':
            if (before.matches('confirmingRemoveCard')) {
              await removeCardDialog(page).getByRole('button', { name: 'Sí, quitar' }).click();
            } else await confirmDialog(page).getByRole('button', { name: 'Sí, cancelar' }).click();
            break;
          case 'dismiss':
            await (before.matches('confirmingRemoveCard') ? removeCardDialog(page) : confirmDialog(page))
              .getByRole('button', { name: 'No' })
              .click();
            break;
          case 'askRemoveCard':
            await dialog(page)
              .getByRole('button', { name: `Quitar tarjeta de ${description(id)}` })
              .click();
            break;
          case 'xstate.done.actor.removeCard':
            await calls.settle('remove-card', 'continue');
            break;
          case 'xstate.error.actor.removeCard':
            await calls.settle('remove-card', 'abort');
            break;
          case 'xstate.done.actor.saveAmount':
            await calls.settle('update-amount', answer === 'saved' ? 'continue' : 'refuse');
            break;
          case 'xstate.error.actor.saveAmount':
            await calls.settle('update-amount', 'abort');
            break;
          case 'xstate.done.actor.cancelCharge':
            await calls.settle('cancel', 'continue');
            break;
          case 'xstate.error.actor.cancelCharge':
            await calls.settle('cancel', 'abort');
            break;
          default:
            throw new Error(`no executor for ${event.type}`);
        }
        const state = step.state as Snap;
        await check(STATES, page, state);
        before = state;
      }
    });
  });
});
