// Walk-ins at phone size, the network stubbed at fetch. The caseta: Sin pase opens the walk-in form (a dwelling and
// a name needed), asks the dwelling with a UUID, waits with the seconds left, reads the answer without reloading
// when the live channel says the walk-in moved (issue 30) and records the guard's decision with a toast; a refused
// walk-in offers only No dejar pasar; Sin respuesta lets the guard decide; a failed ask is retried with the same
// clientId. The resident: "Visitas en la caseta" lists the dwelling's pending walk-ins, Aprobar sends the answer
// and the list is read again (and whenever the live channel says a walk-in came); a 409 (somebody answered first)
// reads the server's words; an empty list says so.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalkIn } from '../../src/api/gateWalkIns';
import { deliverLive } from '../../src/services/liveService';
import CasetaPage from '../../src/views/gate/CasetaPage';
import PendingWalkInsPage from '../../src/views/gateWalkIns/PendingWalkInsPage';
import { TODAY } from '../support/gateFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';
import { APPROVED, ASKED, ASKING, decidedAnswer, NO_ANSWER, REFUSED } from '../support/walkInFixtures';

afterEach(() => vi.unstubAllGlobals());

const PATHS = {
  today: '/api/--caseta/hoy',
  ask: '/api/--caseta/visitas-sin-pase',
  status: `/api/--caseta/visitas-sin-pase/${ASKING.id}`,
  decide: `/api/--caseta/visitas-sin-pase/${ASKING.id}/decidir`,
  pending: '/api/--visitas/pendientes',
  respond: `/api/--visitas/${ASKING.id}/responder`,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The live channel's word that the walk-in moved (a resident answered), as the stream brings it to this tab. */
const walkInMoved = (id = ASKING.id) => act(() => deliverLive({ id: Date.now(), type: 'walkIn', data: { walkInId: id } }));
const NETWORK = 'No pudimos comunicarnos con el servidor. Revisa tu conexión e inténtalo de nuevo.';

type Api = ReturnType<typeof stubApi>;
const posts = (api: Api, path: string) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body as Record<string, unknown>);

function caseta(answers: Record<string, () => Response | Promise<Response>>) {
  useViewport('phone');
  const api = stubApi(sessionFor('guard'), { [PATHS.today]: () => json(TODAY), ...answers });
  signedIn(<CasetaPage />, '/caseta');
  return api;
}

/** Sin pase, Torre A - 101, Paquetería DHL, Preguntar a la vivienda. */
async function askTorreA101() {
  await screen.findByRole('list', { name: 'Esperados hoy' });
  fireEvent.click(screen.getByRole('button', { name: 'Sin pase' }));
  const form = await screen.findByRole('form', { name: 'Visita sin pase' });
  const ask = within(form).getByRole('button', { name: 'Preguntar a la vivienda' });
  expect(ask).toHaveProperty('disabled', true);
  fireEvent.click(within(form).getByRole('combobox', { name: /Vivienda/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Torre A - 101' }));
  fireEvent.change(within(form).getByRole('textbox', { name: 'Nombre del visitante' }), {
    target: { value: ' Paquetería DHL ' },
  });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Nota' }), { target: { value: 'Caja grande' } });
  expect(ask).toHaveProperty('disabled', false);
  fireEvent.click(ask);
}

/** Answers in turn: the first while the residents think, then `later` for good. */
const answersThen = (later: WalkIn) => {
  let reads = 0;
  return () => json({ success: true, data: reads++ === 0 ? ASKING : later });
};

describe('Caseta: walk-ins', { timeout: 30_000 }, () => {
  it('asks the dwelling, waits, shows the approval without reloading and lets in', async () => {
    const api = caseta({
      [PATHS.ask]: () => json(ASKED),
      [PATHS.status]: () => json({ success: true, data: APPROVED }),
      [PATHS.decide]: () => json(decidedAnswer('entry')),
    });
    await askTorreA101();
    expect(await screen.findByText('Esperando respuesta de Torre A - 101')).toBeTruthy();
    expect(screen.getByText('Paquetería DHL · Entrega. La pantalla se actualiza sola.')).toBeTruthy();
    expect(screen.getByText(/^Quedan \d+ segundos$/)).toBeTruthy();
    expect(posts(api, PATHS.ask)).toEqual([
      {
        clientId: expect.stringMatching(UUID),
        apartmentId: 7,
        visitorName: 'Paquetería DHL',
        reason: 'delivery',
        people: 1,
        plates: null,
        note: 'Caja grande',
      },
    ]);
    // Another walk-in's word is not this one's.
    walkInMoved(ASKING.id + 1);
    expect(api.calls.filter((c) => c.path === PATHS.status)).toEqual([]);
    walkInMoved();
    const approved = await screen.findByRole('alert', { name: 'Aprobada' });
    expect(within(approved).getByText('Rosa Hernández Díaz aprobó la visita.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dejar pasar' }));
    expect(await screen.findByText('Entrada registrada: Paquetería DHL')).toBeTruthy();
    expect(posts(api, PATHS.decide)).toEqual([
      { clientId: expect.stringMatching(UUID), decision: 'entry', accessPoint: 'Caseta principal' },
    ]);
    // The caseta is ready for the next visitor.
    await waitFor(() => expect(screen.queryByText('Aprobada')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sin pase' })).toHaveProperty('disabled', false);
  });

  it('a refusal leaves only No dejar pasar, recorded as a refusal', async () => {
    const api = caseta({
      [PATHS.ask]: () => json(ASKED),
      [PATHS.status]: answersThen(REFUSED),
      [PATHS.decide]: () => json(decidedAnswer('refusal', REFUSED)),
    });
    await askTorreA101();
    await screen.findByText('Esperando respuesta de Torre A - 101');
    // A first word while the residents still think: the caseta keeps waiting; the next brings the refusal.
    walkInMoved();
    await waitFor(() => expect(api.calls.filter((c) => c.path === PATHS.status)).toHaveLength(1));
    await screen.findByText('Esperando respuesta de Torre A - 101');
    walkInMoved();
    await screen.findByRole('alert', { name: 'Rechazada' });
    expect(screen.queryByRole('button', { name: 'Dejar pasar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'No dejar pasar' }));
    await waitFor(() => expect(posts(api, PATHS.decide)).toHaveLength(1));
    expect(posts(api, PATHS.decide)[0]).toMatchObject({ decision: 'refusal' });
  });

  it('Sin respuesta: the guard decides', async () => {
    caseta({
      [PATHS.ask]: () => json({ ...ASKED, told: 0 }),
      [PATHS.status]: () => json({ success: true, data: NO_ANSWER }),
      [PATHS.decide]: () => json(decidedAnswer('entry', NO_ANSWER)),
    });
    await askTorreA101();
    expect(await screen.findByText('Nadie está registrado como residente de esta vivienda: no habrá respuesta.')).toBeTruthy();
    walkInMoved();
    const noAnswer = await screen.findByRole('alert', { name: 'Sin respuesta' });
    expect(within(noAnswer).getByText('Nadie respondió a tiempo. Decide tú.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dejar pasar' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'No dejar pasar' })).toHaveProperty('disabled', false);
  });

  it('retries an ask lost on the way with the same clientId', async () => {
    let attempts = 0;
    const api = caseta({
      [PATHS.ask]: () => {
        attempts++;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return json(ASKED);
      },
    });
    await askTorreA101();
    expect(await screen.findByText('No se envió el aviso')).toBeTruthy();
    expect(screen.getByText(NETWORK)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByText('Esperando respuesta de Torre A - 101');
    const [first, second] = posts(api, PATHS.ask);
    expect(second).toEqual(first);
  });

  it('Cancelar on the form asks nobody', async () => {
    const api = caseta({});
    await screen.findByRole('list', { name: 'Esperados hoy' });
    fireEvent.click(screen.getByRole('button', { name: 'Sin pase' }));
    const form = await screen.findByRole('form', { name: 'Visita sin pase' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Visita sin pase' })).toBeNull());
    expect(posts(api, PATHS.ask)).toEqual([]);
  });
});

const RESIDENT = sessionFor('resident', { usuario: { apartments: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }] } });

function residentScreen(answers: Record<string, () => Response | Promise<Response>>) {
  useViewport('phone');
  const api = stubApi(RESIDENT, answers);
  signedIn(<PendingWalkInsPage />, '/visitas');
  return api;
}

describe('Visitas en la caseta (resident)', { timeout: 30_000 }, () => {
  it('lists the walk-in, approves it and reads the list again', async () => {
    let answered = false;
    const api = residentScreen({
      [PATHS.pending]: () => json({ success: true, items: answered ? [] : [ASKING] }),
      [PATHS.respond]: () => {
        answered = true;
        return json({ success: true, data: APPROVED });
      },
    });
    const card = await screen.findByRole('article', { name: 'Paquetería DHL' });
    expect(within(card).getByText('Paquetería DHL · Entrega')).toBeTruthy();
    expect(within(card).getByText('Torre A - 101 · 1 persona · llegó a las 12:00')).toBeTruthy();
    expect(within(card).getByText('Caja grande')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Respuesta enviada a la caseta.')).toBeTruthy();
    expect(posts(api, PATHS.respond)).toEqual([{ answer: 'approve' }]);
    expect(await screen.findByText('Nadie espera en la caseta para tu vivienda.')).toBeTruthy();
  });

  it('says who answered first (409) and closes the message', async () => {
    residentScreen({
      [PATHS.pending]: () => json({ success: true, items: [ASKING] }),
      [PATHS.respond]: () =>
        json({ success: false, code: 'CONFLICT', message: 'Carlos Ramírez Soto ya respondió a esta visita.' }, 409),
    });
    const card = await screen.findByRole('article', { name: 'Paquetería DHL' });
    fireEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Carlos Ramírez Soto ya respondió a esta visita.')).toBeTruthy();
    expect(screen.getByText('No se envió tu respuesta')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('No se envió tu respuesta')).toBeNull());
  });

  it('reads the list again when the live channel says a walk-in came', async () => {
    let reads = 0;
    residentScreen({
      [PATHS.pending]: () => json({ success: true, items: reads++ === 0 ? [] : [ASKING] }),
    });
    expect(await screen.findByText('Nadie espera en la caseta para tu vivienda.')).toBeTruthy();
    walkInMoved();
    expect(await screen.findByRole('article', { name: 'Paquetería DHL' })).toBeTruthy();
  });
});
