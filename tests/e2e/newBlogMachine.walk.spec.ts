// newBlogMachine's paths walked through the real '+ Blog' dialog in Chromium (listado-blogs, Las Palmas'
// administrator). Each event is what a person does in the dialog; each state has a check of what the
// screen shows. A path that creates its blog gives it a name of its own, so paths never see each other's.
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { type NewBlogValues, newBlogErrors } from '../../src/api/blogs';
import { readCatalog } from '../../src/i18n/node/readCatalog';
import { newBlogMachine } from '../../src/machines/newBlogMachine';
import {
  abstractCover,
  buildModel,
  coveringPaths,
  type ModelEvent,
  requireStateTests,
  type Snapshot,
} from '../support/modelTesting';
import { DEMO_PASSWORD, expect, test } from './fixtures';

type Snap = Snapshot<typeof newBlogMachine>;

/** The dialog speaks Spanish: its messages as the Spanish catalogue words them. */
const spanish = readCatalog('es');

const { model, serializeState } = buildModel(newBlogMachine, {
  events: (): ModelEvent[] => [
    { type: 'change', field: 'SectName', value: 'Deportes' },
    { type: 'change', field: 'SectName', value: 'x'.repeat(40) },
    { type: 'change', field: 'SectPosting', value: null },
    { type: 'change', field: 'SectPosting', value: 'B' },
    { type: 'blur', field: 'SectName' },
    { type: 'submit' },
    { type: 'cancel' },
  ],
});
const label = (event: EventObject) => {
  const e = event as ModelEvent;
  return e.type === 'change' ? `change ${String(e.field)}=${e.value === null ? 'null' : String(e.value).length}` : e.type;
};
const paths = abstractCover(coveringPaths(model, serializeState as never), label);

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Nuevo blog' });
const rows = (page: Page) => page.getByRole('list', { name: 'Blogs' }).getByRole('listitem');

async function openScreen(page: Page) {
  const signIn = await page.request.post('/api/--sesiones/sign-in', {
    data: { username: 'admin@demo.mx', password: DEMO_PASSWORD, rememberMe: true },
  });
  const answer = (await signIn.json()) as { token: string; condos: { CondoId: number; UserId: number; CondoName: string }[] };
  const choice = answer.condos.find((c) => c.CondoName === 'Residencial Las Palmas')!;
  const login = await page.request.post('/api/--sesiones/condo-login', {
    data: { CondoId: choice.CondoId, UserId: choice.UserId, token: answer.token },
  });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('app-token', value), token);
  await page.goto('/condominio/listado-blogs');
  await expect(rows(page).first()).toBeVisible();
}

test.describe('newBlogMachine walked in Chromium', () => {
  test('every state node has a screen assertion; the paths are few', () => {
    requireStateTests(newBlogMachine, STATES_FOR_CHECK);
    expect(paths.length).toBeGreaterThanOrEqual(3);
    expect(paths.length).toBeLessThanOrEqual(12);
  });

  paths.forEach((path, index) => {
    const uniqueName = `Walk ${index} ${Date.now() % 100000}`;
    /** The model's name as typed on screen: 'Deportes' becomes this path's own name. */
    const typed = (value: string) => (value === 'Deportes' ? uniqueName : value);
    const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
      editing: async (page, s) => {
        await expect(dialog(page)).toBeVisible();
        await expect(dialog(page).getByLabel('Nombre del blog')).toHaveValue(typed(s.context.values.SectName));
        await expect(dialog(page).getByLabel('Autorización de publicaciones')).toHaveValue(s.context.values.SectPosting ?? '');
        const errors = newBlogErrors(s.context.values);
        const errorTexts = dialog(page).locator('.mantine-InputWrapper-error');
        const expected: string[] = [];
        for (const field of ['SectName', 'SectPosting'] as (keyof NewBlogValues)[]) {
          const id = errors[field];
          if (s.context.touched[field] && id) expected.push(spanish[id]!);
        }
        await expect(errorTexts).toHaveText(expected);
      },
      created: async (page) => {
        await expect(dialog(page)).toHaveCount(0);
        await expect(rows(page).filter({ hasText: uniqueName })).toHaveCount(1);
        await expect(page.getByRole('region', { name: 'Editar blog' }).getByLabel('Nombre del blog')).toHaveValue(uniqueName);
      },
      cancelled: async (page) => {
        await expect(dialog(page)).toHaveCount(0);
        await expect(rows(page).filter({ hasText: uniqueName })).toHaveCount(0);
        await expect(page.getByRole('button', { name: '+ Blog' })).toBeEnabled();
      },
    };
    test(`${path.steps.map((step) => label(step.event as EventObject)).join(' → ')}`, async ({ page }) => {
      requireStateTests(newBlogMachine, STATES);
      await openScreen(page);
      await page.getByRole('button', { name: '+ Blog' }).click();
      for (const step of path.steps) {
        const event = step.event as EventObject as ModelEvent;
        const name = dialog(page).getByLabel('Nombre del blog');
        const posting = dialog(page).getByLabel('Autorización de publicaciones');
        if (event.type === 'change' && event.field === 'SectName') await name.fill(typed(String(event.value)));
        if (event.type === 'change' && event.field === 'SectPosting')
          await posting.selectOption(event.value === null ? '' : String(event.value));
        if (event.type === 'blur') {
          await name.focus();
          await name.blur();
        }
        if (event.type === 'submit') await dialog(page).getByRole('button', { name: 'Crear' }).click();
        if (event.type === 'cancel') await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
        await STATES[step.state.value as string]!(page, step.state as Snap);
      }
    });
  });
});

/** The state nodes the walk checks (the per-path checks above are built with the path's own name). */
const STATES_FOR_CHECK = { editing: true, created: true, cancelled: true };
