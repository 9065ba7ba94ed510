// bulkStatementsMachine's scenarios (tests/models/bulkStatementsMachine.model.ts: the fewest of the headless
// paths that take every declared branch) walked through the real UI in Chromium, as the demo administrator
// on the real demo data (260 dwellings: three batches, like the model's 201). The browser holds the calls of
// the screen (years, dwellings, each batch) until the path lets them through to the real server or cuts them.
// Every state node has a screen assertion of its own.
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { bulkProblems } from '../../src/machines/bulkStatementsMachine';
import { bulkStatementsModel, DWELLINGS, type Snap } from '../models/bulkStatementsMachine.model';
import { coverModel, type Payload, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { stateNodeKeys } from '../support/modelTesting';
import { DEMO_PASSWORD, expect, test } from './fixtures';

const { machine } = bulkStatementsModel;
const cover = coverModel(bulkStatementsModel);
const paths = cover.browserPaths();
const nameOf = (index: number) => cover.names[cover.paths.indexOf(paths[index]!)]!;

/** The model's "every dwelling" is its 201; the demo condominium has 260 (three batches either way). */
const DEMO_DWELLINGS = 260;
const shownCount = (selected: number) => (selected === DWELLINGS.length ? DEMO_DWELLINGS : selected);

const MESSAGES: Record<string, string> = {
  'finance.bulk.kindRequired': 'Elige una opción',
  'finance.bulk.typeRequired': 'Selecciona un tipo',
  'finance.bulk.yearRequired': 'Seleccione el año',
  'finance.bulk.startRequired': 'Seleccione una fecha inicio',
  'finance.bulk.endRequired': 'Seleccione una fecha fin',
  'finance.bulk.invalidRange': 'Ingrese un rango de fechas valido',
  'finance.bulk.dwellingsRequired': 'Selecciona al menos una vivienda',
};

const LAYOUTS = { normal: 'Normal', 'por-pagina': 'Una vivienda por página' } as const;

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const card = (page: Page) => page.getByRole('heading', { name: 'Estados de cuenta', exact: true });

const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
  loading: async (page) => {
    await expect(page.getByRole('status', { name: 'Cargando…' })).toBeVisible();
  },
  loadFailed: async (page) => {
    await expect(page.getByRole('alert')).toContainText('No pudimos cargar la información');
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  },
  editing: async (page, s) => {
    await expect(card(page)).toBeVisible();
    for (const name of ['Generando estados de cuenta', 'Exito', 'Error', 'Cancelado'])
      await expect(dialog(page, name)).toHaveCount(0);
    await expect(page.getByTestId('selected-count')).toContainText(String(shownCount(s.context.form.selected.length)));
    if (s.context.form.tipo === 'descargar')
      await expect(page.getByRole('combobox', { name: 'Impresión' })).toHaveValue(LAYOUTS[s.context.form.tipoImpresion]);
    const problems = s.context.showErrors ? bulkProblems(s.context.form) : {};
    for (const [id, text] of Object.entries(MESSAGES)) {
      const shown = Object.values(problems).includes(id);
      await expect(page.getByText(text, { exact: true }), text).toHaveCount(shown ? 1 : 0);
    }
  },
  running: async (page) => {
    await expect(page.getByRole('combobox', { name: 'Tipo', includeHidden: true })).toBeDisabled();
  },
  'running.working': async (page, s) => {
    if (s.context.form.selected.length >= 100) {
      const progress = dialog(page, 'Generando estados de cuenta');
      await expect(progress.getByRole('status')).toHaveText(`Lote ${s.context.done + 1} de ${s.context.batches.length}`);
      if (s.context.cancelRequested)
        await expect(progress.getByRole('button', { name: 'Cancelando al terminar el lote…' })).toBeDisabled();
    } else {
      await expect(page.getByRole('button', { name: s.context.form.tipo === 'enviar' ? 'Enviar' : 'Generar' })).toHaveAttribute(
        'data-loading',
        'true',
      );
    }
  },
  'running.batchFailed': async (page, s) => {
    const error = dialog(page, 'Error');
    const text =
      s.context.form.tipo === 'enviar'
        ? 'Ha ocurrido un error al intentar mandar los correos'
        : 'Ha ocurrido un error al intentar descargar el archivo';
    await expect(error.getByRole('alert')).toHaveText(text);
    await expect(error.getByRole('link')).toHaveCount(s.context.files.length);
  },
  succeeded: async (page, s) => {
    const success = dialog(page, 'Exito');
    await expect(success.getByRole('status').first()).toHaveText(
      s.context.form.tipo === 'enviar' ? 'Se han enviado los correos' : 'Se han descargado los archivos',
    );
    await expect(success.getByRole('link')).toHaveCount(s.context.form.tipo === 'enviar' ? 0 : s.context.batches.length);
  },
  cancelled: async (page, s) => {
    await expect(dialog(page, 'Cancelado').getByRole('status')).toHaveText(
      `Se detuvo después de ${s.context.done} de ${s.context.batches.length} lotes.`,
    );
  },
};

/** Every state node the snapshot is in, parents first. */
async function check(page: Page, s: Snap) {
  for (const key of stateNodeKeys(machine)) if (s.matches(key as never)) await STATES[key]!(page, s);
}

async function signIn(page: Page) {
  const signInAnswer = await page.request.post('/api/--sesiones/sign-in', {
    data: { username: 'admin@demo.mx', password: DEMO_PASSWORD, rememberMe: true },
  });
  const answer = (await signInAnswer.json()) as {
    token: string;
    condos: { CondoId: number; UserId: number; CondoName: string }[];
  };
  const palmas = answer.condos.find((c) => c.CondoName === 'Residencial Las Palmas')!;
  const login = await page.request.post('/api/--sesiones/condo-login', {
    data: { CondoId: palmas.CondoId, UserId: palmas.UserId, token: answer.token },
  });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('app-token', value), token);
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('bulkStatementsMachine walked in Chromium', () => {
  test('every state node has a screen assertion of its own, and the scenarios reach every one', () => {
    requireDistinctChecks(machine, STATES);
    expect(reachedStateNodes(machine, paths)).toEqual(stateNodeKeys(machine));
  });

  paths.forEach((path, index) => {
    test(nameOf(index), async ({ page }) => {
      test.setTimeout(180_000);
      const held: Route[] = [];
      await page.route(
        /\/api\/--financiero\/(obtainDateMovs|viviendas|pdf-generator-masivo\/estado-cuenta|send-multi-edo-cta)$/,
        (route) => void held.push(route),
      );
      const release = async (count: number, how: 'continue' | 'abort') => {
        await expect
          .poll(() => held.length, { message: 'waiting for the screen’s call', timeout: 30_000 })
          .toBeGreaterThanOrEqual(count);
        const routes = held.splice(0, count);
        for (const route of routes) {
          // Loading asks two questions, and both fail: were one answered, the response cache (spec §7) would
          // keep obtainDateMovs, and the retry would ask one question or two by the order the calls came in.
          await (how === 'abort' ? route.abort('internetdisconnected') : route.continue());
        }
      };
      await signIn(page);
      await page.goto('/condominio/estado-cuenta-masivo');
      for (const [i, step] of path.steps.entries()) {
        const event = step.event as EventObject & Payload;
        const before = i > 0 ? (path.steps[i - 1]!.state as Snap) : null;
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'xstate.done.actor.loadOptions':
            await release(2, 'continue');
            break;
          case 'xstate.error.actor.loadOptions':
            await release(2, 'abort');
            break;
          case 'xstate.done.actor.runBatch':
            await release(1, 'continue');
            break;
          case 'xstate.error.actor.runBatch':
            await release(1, 'abort');
            break;
          case 'retry':
            await (before?.matches('loadFailed') ? page : dialog(page, 'Error'))
              .getByRole('button', { name: 'Reintentar' })
              .click();
            break;
          case 'cancel':
            await (before?.matches({ running: 'batchFailed' })
              ? dialog(page, 'Error')
              : dialog(page, 'Generando estados de cuenta')
            )
              .getByRole('button', { name: 'Cancelar' })
              .click();
            break;
          case 'close':
            await (before?.matches('succeeded') ? dialog(page, 'Exito') : dialog(page, 'Cancelado'))
              .getByRole('button', { name: 'Cerrar' })
              .first()
              .click();
            break;
          case 'set.kind':
            await page.getByText(event.kind === 1 ? 'Por año' : 'Por rango de fechas', { exact: true }).click();
            break;
          case 'set.tipo':
            await choose(page, 'Tipo', event.tipo === 'enviar' ? 'Enviar por correo' : 'Descargar archivos');
            break;
          case 'set.year':
            await choose(page, 'Año', String(event.year));
            break;
          case 'set.tipoImpresion':
            await choose(page, 'Impresión', LAYOUTS[event.tipoImpresion as keyof typeof LAYOUTS]);
            break;
          case 'set.dates':
            await page.getByLabel('Fecha inicio').fill(String(event.fechaInicio));
            await page.getByLabel('Fecha fin').fill(String(event.fechaFin));
            break;
          case 'select': {
            await page.getByRole('button', { name: 'Elegir viviendas' }).click();
            const selector = dialog(page, 'Selecciona los residentes');
            await selector.getByRole('checkbox', { name: /^Torre A - 101\b/ }).check();
            await selector.getByRole('checkbox', { name: /^Torre A - 103\b/ }).check();
            await selector.getByRole('button', { name: 'Aceptar' }).click();
            await expect(selector).toHaveCount(0);
            break;
          }
          case 'select.all':
            await page.getByRole('button', { name: /^Todas \(\d+\)$/ }).click();
            break;
          case 'submit':
            await page.getByRole('button', { name: /^(Generar|Enviar)$/ }).click();
            break;
          default:
            throw new Error(`no executor for ${event.type}`);
        }
        await check(page, step.state as Snap);
      }
    });
  });
});
