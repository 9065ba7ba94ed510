// pollVoteMachine's scenarios (tests/models/pollVoteMachine.model.ts, docs/scenarios/pollVoteMachine.md: the
// fewest of the headless paths that take every declared branch) walked through the real UI in Chromium at
// 390×844, as vecino027@demo.mx, a resident of Las Palmas kept for this walk, on
// /condominio/comunicacion/encuestas?PollId=7. The browser holds the poll's calls until the path says how
// they end, and answers them from the model's fixtures (tests/support/pollFixtures.ts): a read with the poll,
// a 404 (GONE) or a cut connection (NO_CONNECTION); a vote with its answer, or a 409 with why it was refused
// and the poll as it is now. Every other call (session, counts, notifications) goes to the real server.
//
// Time is Playwright's clock: it runs while the app starts, then stops at READ_AT (the lifecycle judges the
// fixtures' phases at the moment of each read), and moves POLL_REFRESH_MS where a path waits for the poll to
// be read again (the machine's `after: refreshEvery`).
//
// refreshNow is sent by the administrator's card when an action went through (PollAdminPanel's onChanged).
// A resident's screen has no such card (the fixtures list no acciones), so the walk lets the clock read the
// poll again instead: the delayed refresh has the same guard and the same actions, so the screen and the
// machine are where the scenario says (checked by the second test below). Every scenario is walked; none is
// left out.
import type { Page, Route } from '@playwright/test';
import { type EventObject, getNextSnapshot } from 'xstate';
import { formatMoney } from '../../src/api/finance';
import type { VoteRefusal } from '../../src/api/pollLifecycle';
import { POLL_REFRESH_MS, type PollAnswer, type PollSeat } from '../../src/api/polls';
import { choicesComplete, REFUSAL_STATES, seatOf } from '../../src/machines/pollVote';
import { type PollRead, pollVoteMachine, type VoteSent, voteRequest } from '../../src/machines/pollVoteMachine';
import type { ApiError } from '../../src/services/http';
import { pollVoteModel } from '../models/pollVoteMachine.model';
import { coverModel, declaredEventTypes, type Payload, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { POLL_ID, READ_AT } from '../support/pollFixtures';
import { expect, main, sessionTokens, test } from './fixtures';

type Snap = Snapshot<typeof pollVoteMachine>;
type ModelEvent = EventObject & Payload;

const ACCOUNT = 'vecino027@demo.mx';
const PALMAS = 'Residencial Las Palmas';
const SCREEN = `/condominio/comunicacion/encuestas?PollId=${POLL_ID}`;

const machine = pollVoteMachine;
const cover = coverModel(pollVoteModel);
const paths = cover.browserPaths();
/** Named as docs/scenarios/pollVoteMachine.md numbers and names them. */
const nameOf = (index: number) => `${index + 1}. ${cover.names[cover.paths.indexOf(paths[index]!)]!}`;

/** The reading again that the clock brings in the watched state the snapshot is in. */
const delayedRefresh = (s: Snap) => declaredEventTypes(s).find((type) => type.startsWith('xstate.after.refreshEvery.'));
/** The events after which a watched state has just been entered, its refresh timer started afresh. */
const READS = ['xstate.done.actor.load', 'xstate.done.actor.refresh', 'xstate.error.actor.refresh'];

/**
 * An instant as the poll screen writes it, DD/MM/YYYY hh:mm AM/PM in the poll's zone (src/views/polls/pollFormat.ts,
 * which Playwright's loader cannot import: its dayjs plugins are named without their extension).
 */
function formatPollDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}

// ── The calls held until the path settles them

/** The server's error answer to a read it refuses (GONE). */
const errorBody = (error: ApiError) => ({ success: false, message: error.message, code: error.code });

class HeldCalls {
  private readonly held = { poll: [] as Route[], vote: [] as Route[] };
  static async on(page: Page): Promise<HeldCalls> {
    const calls = new HeldCalls();
    await page.route(`**/api/--encuestas/poll/${POLL_ID}`, (route) => void calls.held.poll.push(route));
    await page.route('**/api/--encuestas/vote', (route) => void calls.held.vote.push(route));
    return calls;
  }
  /** Waits until the screen has asked. */
  async asked(kind: 'poll' | 'vote') {
    await expect.poll(() => this.held[kind].length, { message: `waiting for the ${kind} call` }).toBeGreaterThan(0);
  }
  private async next(kind: 'poll' | 'vote'): Promise<Route> {
    await this.asked(kind);
    return this.held[kind].shift()!;
  }
  pending(kind: 'poll' | 'vote') {
    return this.held[kind].length;
  }
  async read(output: PollRead) {
    await (await this.next('poll')).fulfill({ json: output.answer });
  }
  async failRead(error: ApiError) {
    const route = await this.next('poll');
    if (error.status === 0) await route.abort('internetdisconnected');
    else await route.fulfill({ status: error.status, json: errorBody(error) });
  }
  /** The vote answered as the path says, once the request is the one the machine makes of its choices. */
  async vote(output: VoteSent, sending: Snap) {
    const route = await this.next('vote');
    expect(route.request().postDataJSON()).toEqual(voteRequest(sending.context));
    if (output.kind === 'voted') await route.fulfill({ json: output.answer });
    else
      await route.fulfill({
        status: 409,
        json: { success: false, message: output.message, code: 'CONFLICT', motivo: output.motivo, poll: output.answer },
      });
  }
  /** The vote cut as the connection fails, once the request is the one the machine makes. */
  async cutVote(sending: Snap) {
    const route = await this.next('vote');
    expect(route.request().postDataJSON()).toEqual(voteRequest(sending.context));
    await route.abort('internetdisconnected');
  }
}

// ── The screen of each state node

const flow = (page: Page) => main(page).locator('[data-vote-state]');
const article = (page: Page, s: Snap) => main(page).getByRole('article', { name: s.context.answer!.poll.Titulo });
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const seatNow = (s: Snap) => seatOf(s.context.answer!, s.context.apmtId);

/** What the whole poll screen shows around the vote flow, in every state that has a poll to show. */
async function pollShown(page: Page, s: Snap, step: string) {
  const answer = s.context.answer!;
  await expect(article(page, s).getByRole('heading', { level: 1 })).toHaveText(answer.poll.Titulo);
  await expect(flow(page)).toHaveAttribute('data-vote-state', step);
  // Reading again happens beside the screen, which says it is busy meanwhile.
  await expect(article(page, s)).toHaveAttribute('aria-busy', String(s.context.refreshing));
  await expect(main(page).getByText('No pudimos actualizar la votación', { exact: false })).toHaveCount(
    s.context.refreshFailed ? 1 : 0,
  );
  await expect(main(page).getByRole('region', { name: 'Resultados' })).toHaveCount(answer.resultados ? 1 : 0);
  if (answer.asientos.length > 1)
    await expect(main(page).getByRole('tab', { name: seatNow(s)!.Nombre })).toHaveAttribute('aria-selected', 'true');
  else await expect(main(page).getByRole('tablist')).toHaveCount(0);
}

/** A seat's recorded vote: its receipt, and what it chose when the poll lets its voters see it. */
async function seatRecord(page: Page, seat: PollSeat) {
  if (seat.recibo)
    await expect(flow(page).getByLabel(`Código de comprobante ${seat.recibo}`, { exact: true })).toHaveText(seat.recibo);
  await expect(flow(page).getByText('Tu voto:', { exact: true })).toHaveCount(seat.respuestas ? 1 : 0);
}

/** An option's words as the ballot writes them (sí / no / abstención come from the catalogue, the same in Spanish). */
const optionText = (answer: PollAnswer, preguntaId: number, opcionId: number) =>
  answer.poll.preguntas.find((q) => q.id === preguntaId)!.opciones.find((o) => o.id === opcionId)!.Texto;
const question = (answer: PollAnswer, preguntaId: number) => answer.poll.preguntas.find((q) => q.id === preguntaId)!;

/** Why the seat may not vote: the heading, and the words exactly (an alert when the server just refused the vote). */
async function refusal(page: Page, s: Snap, reason: VoteRefusal, title: string, words: string) {
  await pollShown(page, s, `notAllowed.${REFUSAL_STATES[reason]}`);
  await expect(flow(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
  const refusedNow = s.context.refused?.motivo === reason;
  await expect(
    flow(page)
      .getByRole(refusedNow ? 'alert' : 'status')
      .getByText(words, { exact: true }),
  ).toBeVisible();
}

const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
  loading: async (page) => {
    await expect(main(page).getByRole('status', { name: 'Cargando…' })).toBeVisible();
    await expect(main(page).getByRole('alert')).toHaveCount(0);
    await expect(flow(page)).toHaveCount(0);
  },
  loadFailed: async (page) => {
    const alert = main(page).getByRole('alert');
    await expect(alert).toContainText('No pudimos cargar la votación');
    await expect(alert).toContainText('No pudimos comunicarnos con el servidor.');
    await expect(alert.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    await expect(flow(page)).toHaveCount(0);
  },
  notFound: async (page) => {
    const alert = main(page).getByRole('alert');
    await expect(alert).toContainText('Votación no disponible');
    await expect(alert).toContainText('Esta votación no existe o no tienes acceso a ella.');
    await expect(main(page).getByRole('article')).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  },
  deciding: async () => {
    throw new Error('deciding is left at once and must never be observed');
  },
  notAllowed: async (page, s) => {
    await expect(flow(page)).toHaveAttribute('data-vote-state', /^notAllowed\./);
    await expect(flow(page).getByRole('radio')).toHaveCount(0);
    await expect(button(page, 'Revisar mi voto')).toHaveCount(0);
    await expect(button(page, 'Cambiar mi voto')).toHaveCount(0);
    const seat = seatNow(s);
    if (seat?.estado === 'votado') await seatRecord(page, seat);
  },
  'notAllowed.closed': async (page, s) => {
    const { poll } = s.context.answer!;
    const counted = seatNow(s)?.estado === 'votado' ? ' Tu voto quedó contado.' : '';
    const words =
      s.context.refused?.motivo === 'cerrada'
        ? 'Esta votación ya cerró; tu voto no se registró.'
        : `Esta votación cerró el ${formatPollDate(poll.cierra, poll.zonaHoraria)}.${counted}`;
    await refusal(page, s, 'cerrada', 'Votación cerrada', words);
  },
  'notAllowed.notYetOpen': async (page, s) => {
    const { poll } = s.context.answer!;
    const words =
      s.context.refused?.motivo === 'no_abierta'
        ? 'Esta votación todavía no abre.'
        : `Podrás votar a partir del ${formatPollDate(poll.abre, poll.zonaHoraria)}.`;
    await refusal(page, s, 'no_abierta', 'Todavía no abre', words);
  },
  'notAllowed.inArrears': async (page, s) => {
    const seat = seatNow(s)!;
    await refusal(
      page,
      s,
      'moroso',
      'Tu vivienda no puede votar',
      'Tu vivienda no puede votar: al abrir la votación tenía un adeudo vencido con más antigüedad de la permitida.',
    );
    await expect(
      flow(page).getByText(`Adeudo al abrir la votación: ${formatMoney(seat.adeudo!)}, con ${seat.dias} días de atraso.`),
    ).toBeVisible();
    await expect(flow(page).getByRole('link', { name: `Ver el estado de cuenta de ${seat.Nombre}` })).toBeVisible();
  },
  'notAllowed.alreadyVoted': async (page, s) => {
    await refusal(
      page,
      s,
      'ya_voto',
      'Ya hay un voto registrado',
      'Ya hay un voto registrado para ti o tu vivienda en esta votación; solo cuenta uno.',
    );
    await expect(flow(page).getByText(`Votó ${seatNow(s)!.VotoDe} por tu vivienda.`)).toBeVisible();
  },
  'notAllowed.notEligible': async (page, s) => {
    const words = seatNow(s)
      ? 'No formas parte del padrón de esta votación; el padrón se fijó al abrirla.'
      : 'No tienes un voto en esta votación.';
    await refusal(page, s, 'no_elegible', 'No puedes votar aquí', words);
    // Without a seat there is no receipt to check either.
    await expect(main(page).getByRole('button', { name: 'Verificar' })).toHaveCount(seatNow(s) ? 1 : 0);
  },
  choosing: async (page, s) => {
    const answer = s.context.answer!;
    await pollShown(page, s, 'choosing');
    const title = s.context.changing ? 'Cambia tu voto' : 'Elige tus respuestas';
    await expect(flow(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
    for (const q of answer.poll.preguntas) {
      const chosen = s.context.choices[q.id];
      if (q.tipo === 'abierta') {
        await expect(flow(page).getByRole('textbox', { name: q.Texto })).toHaveValue(chosen?.texto ?? '');
        continue;
      }
      for (const option of q.opciones) {
        const box = flow(page).getByRole(q.tipo === 'multiple' ? 'checkbox' : 'radio', { name: option.Texto, exact: true });
        const ticked = !!chosen?.opciones.includes(option.id);
        await (ticked ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
      }
    }
    const review = button(page, 'Revisar mi voto');
    await (choicesComplete(answer, s.context.choices) ? expect(review).toBeEnabled() : expect(review).toBeDisabled());
    await expect(button(page, 'Conservar mi voto')).toHaveCount(s.context.changing ? 1 : 0);
  },
  reviewing: async (page, s) => {
    await pollShown(page, s, 'reviewing');
    await expect(flow(page).getByRole('heading', { name: 'Revisa tu voto', exact: true })).toBeVisible();
    const answer = s.context.answer!;
    for (const [preguntaId, choice] of Object.entries(s.context.choices)) {
      const q = question(answer, Number(preguntaId));
      const given =
        q.tipo === 'abierta' ? choice.texto.trim() : choice.opciones.map((id) => optionText(answer, q.id, id)).join(', ');
      await expect(flow(page).locator('dd').nth(answer.poll.preguntas.indexOf(q))).toHaveText(given);
    }
    await expect(button(page, 'Cambiar respuestas')).toBeEnabled();
    await expect(button(page, 'Confirmar y enviar voto')).not.toHaveAttribute('data-loading', 'true');
  },
  sending: async (page, s) => {
    await pollShown(page, s, 'sending');
    await expect(button(page, 'Confirmar y enviar voto')).toHaveAttribute('data-loading', 'true');
    await expect(button(page, 'Cambiar respuestas')).toBeDisabled();
  },
  sendFailed: async (page, s) => {
    await pollShown(page, s, 'sendFailed');
    const alert = flow(page).getByRole('alert');
    await expect(alert).toContainText('No pudimos enviar tu voto');
    await expect(alert).toContainText('No pudimos comunicarnos con el servidor.');
    await expect(alert.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    // The choices are kept, still on screen.
    await expect(flow(page).getByRole('heading', { name: 'Revisa tu voto', exact: true })).toBeVisible();
  },
  voted: async (page, s) => {
    await pollShown(page, s, 'voted');
    const title = s.context.answer!.poll.tipo === 'votacion' ? '¡Tu voto quedó registrado!' : '¡Tu respuesta quedó registrada!';
    await expect(flow(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
    const { confirmation } = s.context;
    const status = flow(page).getByRole('status');
    if (confirmation) {
      await expect(status).toContainText(confirmation.MensajeConfirmacion ?? 'Gracias por participar.');
      await expect(status.getByText('Tu voto anterior quedó reemplazado por este.')).toHaveCount(confirmation.cambio ? 1 : 0);
      await expect(status.getByText('Te enviamos un comprobante por correo.')).toHaveCount(confirmation.copiaEnviada ? 1 : 0);
    } else await expect(status).toHaveCount(0);
    await seatRecord(page, seatNow(s)!);
    await expect(button(page, 'Cambiar mi voto')).toHaveCount(s.can({ type: 'changeVote' }) ? 1 : 0);
  },
};

/** Every state node the snapshot is in, parents first, each with its own check. */
async function check(page: Page, s: Snap) {
  for (const key of stateNodeKeys(machine)) if (s.matches(key as never)) await STATES[key]!(page, s);
}

// ── The walk

const sessionToken = sessionTokens();

test.describe('pollVoteMachine walked in Chromium', () => {
  test.describe.configure({ timeout: 60_000 });

  test('every state node has a screen assertion of its own, and the scenarios reach every one', () => {
    requireDistinctChecks(machine, STATES);
    expect(reachedStateNodes(machine, paths)).toEqual(stateNodeKeys(machine));
  });

  test('refreshNow is walked as the reading again the clock brings: the same state and context', () => {
    let walked = 0;
    for (const path of paths) {
      for (const [i, step] of path.steps.entries()) {
        if (step.event.type !== 'refreshNow') continue;
        const before = path.steps[i - 1]!;
        // The state was just entered, so its timer is still to come (and the clock has not moved since).
        expect(READS).toContain(before.event.type);
        const delayed = delayedRefresh(before.state as Snap);
        expect(delayed).toBeDefined();
        const after = getNextSnapshot(machine, before.state as Snap, { type: delayed! } as never);
        expect({ value: after.value, context: after.context }).toEqual({
          value: step.state.value,
          context: (step.state as Snap).context,
        });
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(0);
  });

  paths.forEach((path, index) => {
    test(nameOf(index), async ({ page }) => {
      const token = await sessionToken(page.request, ACCOUNT, PALMAS);
      const calls = await HeldCalls.on(page);
      // The clock runs while the app starts (its first render waits on timers), and stops at READ_AT once the
      // screen has asked for the poll: a jump of less than 20 s, so the held read's 30 s timeout (ky) stays ahead.
      await page.clock.install({ time: READ_AT - 20_000 });
      await page.addInitScript((value) => window.localStorage.setItem('app-token', value), token);
      await page.goto(SCREEN);
      await calls.asked('poll');
      const now = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(Math.max(READ_AT, now + 1_000));

      let before = path.steps[0]!.state as Snap;
      for (const step of path.steps) {
        const event = step.event as ModelEvent;
        const answer = before.context.answer;
        // The delayed event is named after the state that scheduled it (xstate.after.refreshEvery.pollVote.voted).
        const type = event.type.startsWith('xstate.after.refreshEvery.') ? 'after refreshEvery' : event.type;
        switch (type) {
          case 'xstate.init':
            break;
          case 'xstate.done.actor.load':
          case 'xstate.done.actor.refresh':
            await calls.read(event.output as PollRead);
            break;
          case 'xstate.error.actor.load':
          case 'xstate.error.actor.refresh':
            await calls.failRead(event.error as ApiError);
            break;
          case 'xstate.done.actor.vote':
            await calls.vote(event.output as VoteSent, before);
            break;
          case 'xstate.error.actor.vote':
            await calls.cutVote(before);
            break;
          // refreshNow: the clock's reading again stands for the administrator's (see the top of this file).
          case 'refreshNow':
          case 'after refreshEvery':
            expect(calls.pending('poll')).toBe(0);
            await page.clock.runFor(POLL_REFRESH_MS);
            await calls.asked('poll');
            break;
          case 'retry':
            await main(page).getByRole('button', { name: 'Reintentar' }).click();
            break;
          case 'select':
            await flow(page)
              .getByRole('radio', {
                name: optionText(answer!, event.preguntaId as number, event.opcionId as number),
                exact: true,
              })
              .check();
            break;
          case 'toggle':
            await flow(page)
              .getByRole('checkbox', {
                name: optionText(answer!, event.preguntaId as number, event.opcionId as number),
                exact: true,
              })
              .click();
            break;
          case 'write':
            await flow(page)
              .getByRole('textbox', { name: question(answer!, event.preguntaId as number).Texto })
              .fill(event.texto as string);
            break;
          case 'review':
            await button(page, 'Revisar mi voto').click();
            break;
          case 'back':
            await button(page, 'Cambiar respuestas').click();
            break;
          case 'confirm':
            await button(page, 'Confirmar y enviar voto').click();
            break;
          case 'changeVote':
            await button(page, 'Cambiar mi voto').click();
            break;
          case 'keepVote':
            await button(page, 'Conservar mi voto').click();
            break;
          case 'chooseSeat': {
            const seat = answer!.asientos.find((s) => s.ApmtId === event.ApmtId)!;
            await main(page).getByRole('tab', { name: seat.Nombre }).click();
            break;
          }
          default:
            throw new Error(`no executor for ${event.type}`);
        }
        const state = step.state as Snap;
        await check(page, state);
        before = state;
      }
    });
  });
});
