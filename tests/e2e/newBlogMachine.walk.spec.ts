// newBlogMachine's paths walked through the real '+ Blog' dialog in Chromium (listado-blogs, Las Palmas'
// administrator), built from the same model as the headless walk (tests/models/newBlogMachine.model.ts).
// Each event is what a person does in the dialog; each state node has a check of its own of what the
// screen shows. A path that creates its blog gives it a name of its own, so paths never see each other's.
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { type NewBlogValues, newBlogErrors } from '../../src/api/blogs';
import { readCatalog } from '../../src/i18n/node/readCatalog';
import { newBlogMachine } from '../../src/machines/newBlogMachine';
import { NAME, newBlogModel } from '../models/newBlogMachine.model';
import { coverModel, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { DEMO_PASSWORD, expect, test } from './fixtures';

type Snap = Snapshot<typeof newBlogMachine>;

/** The dialog speaks Spanish: its messages as the Spanish catalogue words them. */
const spanish = readCatalog('es');

// The scenarios of docs/scenarios: the fewest of the headless model's paths that still take every branch,
// named as the headless suite names them.
const cover = coverModel(newBlogModel);
const paths = cover.browserPaths();
const names = paths.map((path) => cover.names[cover.paths.indexOf(path)]!);

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

type Check = (page: Page, s: Snap) => Promise<void>;

/** Each state node's screen check; `typed` is the name as this path types it (its own, so paths never meet). */
function screenChecks(typed: (value: string) => string, uniqueName: string): Record<string, Check> {
  return {
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
}

async function perform(page: Page, event: EventObject & { field?: string; value?: unknown }, typed: (value: string) => string) {
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
}

test.describe('newBlogMachine walked in Chromium', () => {
  test('every state node has a screen check of its own, and the paths reach every state node', () => {
    requireDistinctChecks(
      newBlogMachine,
      screenChecks((value) => value, NAME),
    );
    expect(reachedStateNodes(newBlogMachine, paths)).toEqual(stateNodeKeys(newBlogMachine));
  });

  paths.forEach((path, index) => {
    const uniqueName = `Walk ${index} ${Date.now() % 100000}`;
    /** The model's name as typed on screen: its name becomes this path's own. */
    const typed = (value: string) => (value === NAME ? uniqueName : value);
    const checks = screenChecks(typed, uniqueName);
    test(names[index]!, async ({ page }) => {
      await openScreen(page);
      await page.getByRole('button', { name: '+ Blog' }).click();
      for (const step of path.steps) {
        if (step.event.type !== 'xstate.init') await perform(page, step.event as never, typed);
        const state = step.state as Snap;
        for (const key of stateNodeKeys(newBlogMachine)) if (state.matches(key as never)) await checks[key]!(page, state);
      }
    });
  });
});
