// The early call of a visitor page (src/services/earlyFetch.ts): started once, handed out once, its failure
// kept for whoever takes it. The network is the edge: fetch is replaced by a recorder.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyAnswerIn, fetchEarly, takeEarly } from '../../src/services/earlyFetch';
import { fetchGuestForm, settleEarlyGuestForm, takeSettledGuestForm } from '../../src/services/guestsService';

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
