// The early call of a visitor page (src/services/earlyFetch.ts): started once, handed out once, its failure
// kept for whoever takes it; or, on a page the server painted, the answer it came with. The network is the
// edge: fetch is replaced by a recorder.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestFormInfo } from '../../src/api/guests';
import { PAGE_ANSWERS_ID } from '../../src/api/visitorPaths';
import { earlyAnswerIn, fetchEarly, takeEarly } from '../../src/services/earlyFetch';
import { fetchGuestForm, settleEarlyGuestForm, takeSettledGuestForm } from '../../src/services/guestsService';
import { LOADS } from '../support/guestFixtures';

let calls: string[];
beforeEach(() => {
  calls = [];
});
afterEach(() => vi.unstubAllGlobals());

function answerWith(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push(new URL(input.url).pathname);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

describe('fetchEarly / takeEarly', () => {
  it('starts a path once and hands its answer out once', async () => {
    answerWith(200, { ok: 1 });
    fetchEarly('/--invitados/formulario/uno');
    fetchEarly('/--invitados/formulario/uno');
    const answer = takeEarly('/--invitados/formulario/uno');
    expect(answer).toBeDefined();
    expect(await (await answer!).json()).toEqual({ ok: 1 });
    expect(takeEarly('/--invitados/formulario/uno')).toBeUndefined();
    expect(calls).toEqual(['/api/--invitados/formulario/uno']);
  });

  it('has nothing for a path never started', () => {
    expect(takeEarly('/--invitados/formulario/otro')).toBeUndefined();
  });

  it('keeps a refusal for the page’s service, which reads it as its own (an invalid link)', async () => {
    answerWith(404, { success: false, code: 'NOT_FOUND', message: 'no' });
    fetchEarly('/--invitados/formulario/revocado');
    // The service takes the early answer instead of asking again.
    await expect(fetchGuestForm('revocado')).resolves.toEqual({ kind: 'invalid' });
    expect(calls).toEqual(['/api/--invitados/formulario/revocado']);
    // A second load (a retry) asks the server again.
    await fetchGuestForm('revocado');
    expect(calls).toHaveLength(2);
  });
});

describe('reading the early answer before the first render', () => {
  const INFO_404 = { success: false, code: 'NOT_FOUND', message: 'no' };

  it('knows when an answer is in, until it is taken', async () => {
    answerWith(200, { ok: 1 });
    fetchEarly('/--invitados/formulario/llega');
    expect(earlyAnswerIn('/--invitados/formulario/llega')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(earlyAnswerIn('/--invitados/formulario/llega')).toBe(true);
    await takeEarly('/--invitados/formulario/llega');
    expect(earlyAnswerIn('/--invitados/formulario/llega')).toBe(false);
  });

  it('keeps the answer that is in for the page, once, without asking again', async () => {
    answerWith(404, INFO_404);
    fetchEarly('/--invitados/formulario/listo');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settleEarlyGuestForm('listo');
    expect(takeSettledGuestForm('listo')).toEqual({ kind: 'invalid' });
    expect(takeSettledGuestForm('listo')).toBeUndefined();
    expect(calls).toEqual(['/api/--invitados/formulario/listo']);
  });

  it('waits for no network: an answer still on its way, or none started, is left to the page', async () => {
    vi.stubGlobal('fetch', (input: Request) => {
      calls.push(new URL(input.url).pathname);
      return new Promise<Response>(() => {});
    });
    fetchEarly('/--invitados/formulario/lento');
    await settleEarlyGuestForm('lento');
    await settleEarlyGuestForm('nunca');
    expect(takeSettledGuestForm('lento')).toBeUndefined();
    expect(takeSettledGuestForm('nunca')).toBeUndefined();
    expect(calls).toEqual(['/api/--invitados/formulario/lento']);
  });
});

describe('the answer a painted page came with (server/infra/firstPaint.ts)', () => {
  const TOKEN = 'pintado';
  const PATH = `/--invitados/formulario/${TOKEN}`;
  const info = (LOADS.event as { info: GuestFormInfo }).info;

  afterEach(() => {
    document.getElementById(PAGE_ANSWERS_ID)?.remove();
    vi.resetModules();
  });

  /** The services as a page loads them, after its HTML (with or without the answers) is there. */
  async function freshPage(answers: string | null) {
    if (answers !== null) {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = PAGE_ANSWERS_ID;
      element.textContent = answers;
      document.head.append(element);
    }
    vi.resetModules();
    return {
      early: await import('../../src/services/earlyFetch'),
      guests: await import('../../src/services/guestsService'),
    };
  }

  it('is in at once, read as the API’s answer, and the network is not asked', async () => {
    answerWith(200, { other: true });
    const { early, guests } = await freshPage(JSON.stringify({ [PATH]: info }));
    early.fetchEarly(PATH);
    expect(early.earlyAnswerIn(PATH)).toBe(true);
    await guests.settleEarlyGuestForm(TOKEN);
    expect(guests.takeSettledGuestForm(TOKEN)).toEqual({ kind: 'form', info });
    expect(calls).toEqual([]);
  });

  it('is handed out once: a later load (a retry) asks the API', async () => {
    answerWith(200, info);
    const { early, guests } = await freshPage(JSON.stringify({ [PATH]: info }));
    early.fetchEarly(PATH);
    await guests.fetchGuestForm(TOKEN);
    early.fetchEarly(PATH);
    await guests.fetchGuestForm(TOKEN);
    expect(calls).toEqual([`/api${PATH}`]);
  });

  it('asks the API when the page’s block is unreadable, or holds no answer for that call', async () => {
    answerWith(200, info);
    const broken = await freshPage('{not json');
    broken.early.fetchEarly(PATH);
    expect(broken.early.earlyAnswerIn(PATH)).toBe(false);
    await broken.guests.fetchGuestForm(TOKEN);
    document.getElementById(PAGE_ANSWERS_ID)?.remove();
    const other = await freshPage(JSON.stringify({ '/--invitados/formulario/otro': info }));
    other.early.fetchEarly(PATH);
    await other.guests.fetchGuestForm(TOKEN);
    expect(calls).toEqual([`/api${PATH}`, `/api${PATH}`]);
  });
});
