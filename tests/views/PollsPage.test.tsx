// The surveys and votes screen without ?PollId= (comunicacion/encuestas), the network stubbed at fetch: the
// tabs each caller gets, the cards (kind, counting, phase, closing in the poll's zone, "Ya votaste"), another
// tab asked by its phase, the empty and failed states, someone who reads no EN section; and the editor in its
// dialog: nothing said before a field is touched, every problem once sending is tried, the draft sent trimmed,
// the list read again, a resident's proposal, a field the server refused.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PollListAnswer } from '../../src/api/polls';
import PollsPage from '../../src/views/polls/PollsPage';
import { json } from '../support/http';
import { ADMIN_HOME, home, summary } from '../support/pollFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const HOME = '/api/--encuestas/home';
const LIST = '/api/--encuestas/list';
const NEW = '/api/--encuestas/new';
const open = () => signedIn(<PollsPage />, '/comunicacion/encuestas');
const listAnswer = (items: PollListAnswer['items']): PollListAnswer => ({ success: true, items, total: items.length });
/** The query of every list call so far (stubApi records the path only). */
const listQueries = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
    .map(([request]) => new URL(request.url))
    .filter((url) => url.pathname === LIST)
    .map((url) => Object.fromEntries(url.searchParams));

describe('PollsPage: the list', { timeout: 20_000 }, () => {
  it('shows the open polls as cards, with the tabs of a resident who may propose', async () => {
    stubApi(sessionFor('resident'), {
      [HOME]: () => json(home()),
      [LIST]: () =>
        json(
          listAnswer([
            summary({ haVotado: true }),
            summary({ PollId: 8, Titulo: 'Horario de la alberca', tipo: 'encuesta', conteo: 'persona', secreta: false }),
          ]),
        ),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Votaciones y encuestas' })).toBeTruthy();
    const tabs = await screen.findByRole('tablist', { name: 'Votaciones por fase' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Abiertas', 'Próximas', 'Cerradas', 'Propuestas']);
    expect(await screen.findByText('2 votaciones')).toBeTruthy();
    expect(document.title).toBe('Residencial Las Palmas > Comunicación > Votaciones y encuestas | Comunidad');
    const cards = within(screen.getByRole('list', { name: 'Abiertas' })).getAllByRole('article');
    const vote = within(cards[0]!);
    expect(vote.getByRole('link', { name: 'Impermeabilización de azoteas' }).getAttribute('href')).toBe(
      '/comunicacion/encuestas?PollId=7',
    );
    for (const badge of ['Votación', 'Ponderada por indiviso', 'Abierta', 'Voto secreto', 'Ya votaste'])
      expect(vote.getByText(badge)).toBeTruthy();
    // 05:59 UTC on the 28th is 23:59 on the 27th in Mexico City.
    expect(vote.getByText('Cierra el 27/11/2026 11:59 PM')).toBeTruthy();
    const survey = within(cards[1]!);
    expect(survey.getByText('Encuesta')).toBeTruthy();
    expect(survey.getByText('Una respuesta por persona')).toBeTruthy();
    expect(survey.queryByText('Ya votaste')).toBeNull();
    expect(screen.getByRole('button', { name: 'Proponer encuesta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva votación o encuesta' })).toBeNull();
    expect(listQueries()).toEqual([{ fase: 'abiertas', limit: '20', offset: '0' }]);
  });

  it('asks another tab by its phase and says when it is empty; no proposals tab where one may not propose', async () => {
    stubApi(sessionFor('resident'), {
      [HOME]: () => json(home({ proposeIn: [] })),
      [LIST]: () => json(listAnswer([])),
    });
    open();
    expect(await screen.findByText('No hay votaciones abiertas.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Propuestas' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Proponer encuesta' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Cerradas' }));
    expect(await screen.findByText('Todavía no hay votaciones cerradas.')).toBeTruthy();
    expect(listQueries().at(-1)).toEqual({ fase: 'cerradas', limit: '20', offset: '0' });
  });

  it('retries a list that failed, and tells someone without EN sections', async () => {
    let calls = 0;
    stubApi(sessionFor('resident'), {
      [HOME]: () => json(home()),
      [LIST]: () =>
        calls++ === 0
          ? json({ success: false, code: 'INTERNAL', message: 'Ocurrió un error inesperado.' }, 500)
          : json(listAnswer([summary()])),
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar las votaciones');
    expect(alert.textContent).toContain('Ocurrió un error inesperado.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 votación')).toBeTruthy();
  });

  it('tells someone who reads no EN section', async () => {
    stubApi(sessionFor('resident'), { [HOME]: () => json(home({ secciones: [], proposeIn: [] })) });
    open();
    expect(await screen.findByText('No tienes acceso a votaciones ni encuestas en este condominio.')).toBeTruthy();
  });
});

describe('PollsPage: the editor', { timeout: 20_000 }, () => {
  it('shows problems once touched or sent, then publishes the draft trimmed and reads the list again', async () => {
    const api = stubApi(sessionFor('admin'), {
      [HOME]: () => json(ADMIN_HOME),
      [LIST]: () => json(listAnswer([])),
      [NEW]: () => json({ success: true, PollId: 15, estado: 'publicada' }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva votación o encuesta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva votación o encuesta' });
    const form = within(dialog);
    // Nothing is said before a field is touched.
    expect(form.queryByText('Este campo es requerido.')).toBeNull();
    fireEvent.blur(form.getByLabelText(/^Título/));
    expect(form.getAllByText('Este campo es requerido.')).toHaveLength(1);
    fireEvent.click(form.getByRole('button', { name: 'Publicar' }));
    // Every problem at once: the title and the first question.
    expect(form.getAllByText('Este campo es requerido.')).toHaveLength(2);
    expect(form.getByRole('alert').textContent).toBe('Revisa los campos marcados.');
    expect(api.calls.some((c) => c.path === NEW)).toBe(false);

    // A votación counts by indiviso by default; an encuesta per person.
    expect((form.getByLabelText('Conteo') as HTMLSelectElement).value).toBe('indiviso');
    fireEvent.click(form.getByLabelText('Encuesta: una respuesta por persona'));
    expect(form.queryByLabelText('Conteo')).toBeNull();
    expect(form.getByText('Cuenta una respuesta por persona.')).toBeTruthy();
    fireEvent.click(form.getByLabelText('Votación: un voto por vivienda'));
    fireEvent.change(form.getByLabelText('Conteo'), { target: { value: 'vivienda' } });

    fireEvent.change(form.getByLabelText(/^Título/), { target: { value: '  Cuota de impermeabilización ' } });
    fireEvent.change(form.getByLabelText(/^Texto de la pregunta 1/), { target: { value: '¿Aprueban la cuota?' } });
    fireEvent.change(form.getByLabelText('Quórum (%)'), { target: { value: '51' } });
    fireEvent.click(form.getByRole('button', { name: 'Agregar pregunta' }));
    fireEvent.change(form.getByLabelText(/^Texto de la pregunta 2/), { target: { value: '¿Qué proveedor?' } });
    fireEvent.change(form.getByLabelText('Tipo de respuesta de la pregunta 2'), { target: { value: 'unica' } });
    fireEvent.change(form.getByLabelText('Opción 1 de la pregunta 2'), { target: { value: 'Techos Seguros' } });
    fireEvent.change(form.getByLabelText('Opción 2 de la pregunta 2'), { target: { value: 'techos seguros ' } });
    expect(form.getByText('Las opciones no pueden repetirse.')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Opción 2 de la pregunta 2'), { target: { value: 'Cubiertas MX' } });
    fireEvent.click(form.getByRole('button', { name: 'Subir la opción 2 de la pregunta 2' }));
    fireEvent.click(form.getByRole('button', { name: 'Publicar' }));

    expect(await form.findByText('Votación publicada.')).toBeTruthy();
    expect(form.getByRole('link', { name: 'Ver votación' }).getAttribute('href')).toBe('/comunicacion/encuestas?PollId=15');
    const sent = api.calls.find((c) => c.path === NEW)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      sectionId: 12,
      Titulo: 'Cuota de impermeabilización',
      tipo: 'votacion',
      conteo: 'vivienda',
      secreta: true,
      cambiable: false,
      quorum: 51,
      abre: '2026-11-21T13:00',
      cierra: '2026-11-28T13:00',
      preguntas: [
        { Texto: '¿Aprueban la cuota?', tipo: 'sino', opciones: [], maximo: null },
        { Texto: '¿Qué proveedor?', tipo: 'unica', opciones: ['Cubiertas MX', 'Techos Seguros'], maximo: null },
      ],
      adjuntos: [],
    });
    // The list reads itself again.
    await waitFor(() => expect(listQueries().length).toBe(2));
  });

  it('lets a resident propose an encuesta, and keeps a draft the server refused on a field', async () => {
    let attempts = 0;
    const api = stubApi(sessionFor('resident'), {
      [HOME]: () => json(home()),
      [LIST]: () => json(listAnswer([])),
      [NEW]: () =>
        attempts++ === 0
          ? json(
              { success: false, code: 'BAD_REQUEST', message: 'La apertura no puede quedar en el pasado.', field: 'abre' },
              400,
            )
          : json({ success: true, PollId: 16, estado: 'propuesta' }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Proponer encuesta' }));
    const form = within(await screen.findByRole('dialog', { name: 'Proponer encuesta' }));
    // Proposers write encuestas: no kind to choose.
    expect(form.queryByLabelText('Votación: un voto por vivienda')).toBeNull();
    fireEvent.change(form.getByLabelText(/^Título/), { target: { value: 'Horario de la alberca' } });
    fireEvent.change(form.getByLabelText(/^Texto de la pregunta 1/), { target: { value: '¿Qué horario prefieres?' } });
    fireEvent.change(form.getByLabelText('Opción 1 de la pregunta 1'), { target: { value: 'De 7 a 21 h' } });
    fireEvent.change(form.getByLabelText('Opción 2 de la pregunta 1'), { target: { value: 'De 9 a 22 h' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar propuesta' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos guardar');
    fireEvent.click(within(alert).getByRole('button', { name: 'Corregir' }));
    // The server's word stays on the field it named, and everything typed is kept.
    expect(form.getByText('La apertura no puede quedar en el pasado.')).toBeTruthy();
    expect((form.getByLabelText(/^Título/) as HTMLInputElement).value).toBe('Horario de la alberca');
    fireEvent.change(form.getByLabelText(/^Apertura/), { target: { value: '2026-11-22T09:00' } });
    expect(form.queryByText('La apertura no puede quedar en el pasado.')).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Enviar propuesta' }));
    expect(await form.findByText('Propuesta enviada.')).toBeTruthy();
    expect(form.getByText('La administración la revisará antes de publicarla.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === NEW).at(-1)?.body).toMatchObject({
      tipo: 'encuesta',
      conteo: 'persona',
      abre: '2026-11-22T09:00',
    });
  });
});
