// providerContactMachine's paths walked through the real UI in Chromium at 390×844, as the demo
// administrator on Panel del administrador. The contact call is held by the browser until the path lets it
// through to the real server (stored and mailed to the outbox) or cuts it. The preference is only on the
// 'llamar' tab, so the walk's model does not offer choosing it on 'agendar'. Every state node has a screen
// assertion.
// providerContactMachine's paths walked through the real UI in Chromium at 390×844, as the demo
// administrator on Panel del administrador: the scenarios of its model (tests/models/providerContactMachine.model.ts),
// the fewest of the headless paths that take every declared transition. The contact call is held by the
// browser until the path lets it through to the real server (stored and mailed to the outbox) or cuts it.
// Every state node has a screen assertion of its own.
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { contactFormProblems } from '../../src/api/providerContact';
import { providerContactMachine, tabOf } from '../../src/machines/providerContactMachine';
import { providerContactModel } from '../models/providerContactMachine.model';
import { openSignedIn } from '../support/e2e/apiSignIn';
import { coverModel, type Payload, pathNames, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { expect, test } from './fixtures';

type Snap = Snapshot<typeof providerContactMachine>;

/** Today in Mexico City, the browser's time zone in these tests: the day the calendars offer first. */
const TODAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Mexico_City',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

const cover = coverModel(providerContactModel);
const paths = cover.browserPaths();
const names = pathNames(paths, providerContactModel.label);

const form = (page: Page) => page.getByRole('dialog', { name: 'Contacto con el proveedor de pagos' });
const day = () => String(Number(TODAY.slice(8, 10)));

const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
  closed: async (page) => {
    await expect(form(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Que me contacten' })).toBeEnabled();
  },
  open: async (page, s) => {
    // The model's form holds its own today, the screen's the browser's: each is valid against its own day.
    const submittable = contactFormProblems(tabOf(s), s.context.form, s.context.today).length === 0;
    const send = form(page).getByRole('button', { name: 'Enviar' });
    await (submittable ? expect(send).toBeEnabled() : expect(send).toBeDisabled());
    await expect(form(page).getByRole('textbox', { name: 'Teléfono (10 dígitos)' })).toHaveValue(s.context.form.telefono);
  },
  'open.agendar': async (page) => {
    await expect(form(page).getByRole('tab', { name: 'Agendar' })).toHaveAttribute('aria-selected', 'true');
    await expect(form(page).getByText('Día de la reunión')).toBeVisible();
  },
  'open.llamar': async (page, s) => {
    await expect(form(page).getByRole('tab', { name: 'WhatsApp o llamada' })).toHaveAttribute('aria-selected', 'true');
    const whatsapp = form(page).getByRole('radio', { name: 'WhatsApp' });
    await (s.context.form.prefieresContacto === 'whatsapp' ? expect(whatsapp).toBeChecked() : expect(whatsapp).not.toBeChecked());
  },
  sending: async (page) => {
    await expect(form(page).getByRole('button', { name: 'Enviar' })).toHaveAttribute('data-loading', 'true');
  },
  result: async (page) => {
    // The form has closed; one small dialog says how it went.
    await expect(form(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Aceptar' })).toBeVisible();
  },
  'result.success': async (page) => {
    await expect(page.getByRole('dialog', { name: 'Éxito' }).getByText('Información recibida con éxito')).toBeVisible();
  },
  'result.failure': async (page) => {
    await expect(page.getByRole('dialog', { name: 'Error' }).getByText('Ocurrió un error inesperado')).toBeVisible();
  },
};

/** The deepest state keys of a snapshot's value, parents first ("open", "open.llamar"). */
function stateKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...stateKeys(child, `${prefix}${key}.`),
  ]);
}

test.describe('providerContactMachine walked in Chromium', () => {
  test.describe.configure({ timeout: 60_000 });

  test('every state node has a screen assertion of its own, and the scenarios reach every one', () => {
    requireDistinctChecks(providerContactMachine, STATES);
    expect(reachedStateNodes(providerContactMachine, paths)).toEqual(stateNodeKeys(providerContactMachine));
  });

  for (const [index, path] of paths.entries()) {
    test(names[index]!, async ({ page }) => {
      const held: Route[] = [];
      await page.route('**/api/--proveedor-pagos/contacto', (route) => void held.push(route));
      const settle = async (how: 'continue' | 'abort') => {
        await expect.poll(() => held.length, { message: 'waiting for the contact call' }).toBeGreaterThan(0);
        const route = held.shift()!;
        await (how === 'continue' ? route.continue() : route.abort('internetdisconnected'));
      };
      await openSignedIn(page, 'admin@demo.mx', '/condominio/panel-del-administrador', 'Residencial Las Palmas');
      await expect(page.getByRole('heading', { name: 'Cobra las cuotas en línea' })).toBeVisible();

      let before = path.steps[0]!.state as Snap;
      for (const step of path.steps) {
        const event = step.event as EventObject & Payload;
        const onAgendar = before.matches({ open: 'agendar' });
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'open':
            await page
              .getByRole('button', { name: event.tab === 'agendar' ? 'Agendar una reunión' : 'Que me contacten' })
              .click();
            break;
          case 'switchTab':
            await form(page)
              .getByRole('tab', { name: event.tab === 'agendar' ? 'Agendar' : 'WhatsApp o llamada' })
              .click();
            break;
          case 'change':
            if (event.field === 'telefono') {
              await form(page)
                .getByRole('textbox', { name: 'Teléfono (10 dígitos)' })
                .fill(event.value as string);
            } else if (event.field === 'prefieresContacto') {
              await form(page).getByRole('radio', { name: 'WhatsApp' }).check();
            } else if (event.field === 'horarioTentativo') {
              await form(page)
                .getByRole('radio', { name: event.value as string })
                .check();
            } else if (onAgendar) {
              await form(page)
                .locator('table button:not([data-outside]):not([disabled])')
                .filter({ hasText: new RegExp(`^${day()}$`) })
                .first()
                .click();
            } else {
              await form(page).getByRole('button', { name: 'Fecha de contacto' }).click();
              await page
                .locator('.mantine-Popover-dropdown table button:not([data-outside]):not([disabled])')
                .filter({ hasText: new RegExp(`^${day()}$`) })
                .first()
                .click();
            }
            break;
          case 'submit':
            await form(page).getByRole('button', { name: 'Enviar' }).click();
            break;
          case 'close':
            await form(page).getByRole('button', { name: 'Cancelar' }).click();
            break;
          case 'dismiss':
            await page.getByRole('button', { name: 'Aceptar' }).click();
            break;
          case 'xstate.done.actor.sendContact':
            await settle('continue');
            break;
          case 'xstate.error.actor.sendContact':
            await settle('abort');
            break;
          default:
            throw new Error(`no executor for ${event.type}`);
        }
        const state = step.state as Snap;
        for (const key of stateKeys(state.value)) await STATES[key]!(page, state);
        before = state;
      }
    });
  }
});
