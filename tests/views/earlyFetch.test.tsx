// The early call of a visitor page (src/services/earlyFetch.ts): started once, handed out once, its failure
// kept for whoever takes it. The network is the edge: fetch is replaced by a recorder.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly, takeEarly } from '../../src/services/earlyFetch';
import { fetchGuestForm } from '../../src/services/guestService';

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
