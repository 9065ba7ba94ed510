// One poll (?PollId=) as a resident votes in it, the network stubbed at fetch: the poll's facts in its zone, a
// tab per dwelling, the ballot (one option, up to the maximum), the review with the focus on it, the vote sent
// with the seat and answers, the confirmation with the section's message, the receipt and the copy by e-mail,
// the results that then show (counts, shares, weighted shares, participation and quorum); the dwelling in
// arrears (the amount, the days, the account statement); Rosa's vote for the dwelling arriving first (409);
// a send that failed and is retried; a vote already cast; a poll that does not exist; the receipt check.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PollAnswer } from '../../src/api/polls';
import PollsPage from '../../src/views/polls/PollsPage';
import { json } from '../support/http';
import {
  afterVote,
  CAST,
  CLOSED,
  IN_ARREARS,
  OPEN,
  RECEIPT,
  RESULTS,
  SURVEY,
  VOTED_BY_ROSA,
  VOTED_CHANGEABLE,
  voteAnswer,
  voted,
} from '../support/pollFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const POLL = '/api/--encuestas/poll/7';
const VOTE = '/api/--encuestas/vote';
const RECEIPT_PATH = '/api/--encuestas/receipt';
const open = (pollId = 7) => signedIn(<PollsPage />, `/comunicacion/encuestas?PollId=${pollId}`);
/** The open votación as read now: still open (its closing a week ahead of the real clock). */
const live = (answer: PollAnswer): PollAnswer => ({
  ...answer,
  poll: {
    ...answer.poll,
    abre: new Date(Date.now() - 86_400_000).toISOString(),
    cierra: answer.poll.estado === 'publicada' ? new Date(Date.now() + 7 * 86_400_000).toISOString() : answer.poll.cierra,
  },
});

describe('Voting (?PollId=)', { timeout: 20_000 }, () => {
  it('votes for one dwelling: choose, review, send, and see the receipt and the results', async () => {
    const after = live(afterVote(OPEN, 101, CAST));
    const api = stubApi(sessionFor('resident'), {
      [POLL]: () => json(live(OPEN)),
      [VOTE]: () => json(voteAnswer(after)),
    });
    open();
    const article = await screen.findByRole('article', { name: 'Impermeabilización de azoteas' });
    expect(document.title).toBe('Residencial Las Palmas > Votaciones y encuestas > Impermeabilización de azoteas | Comunidad');
    const facts = within(article).getByLabelText('Datos de la votación');
    expect(facts.textContent).toContain('Sección:Votaciones y encuestas');
    expect(facts.textContent).toContain('Quórum:51%');
    expect(within(article).getByRole('link', { name: 'cotizacion.pdf (archivo)' }).getAttribute('href')).toContain(
      '/--encuestas/file/31',
    );
    const tabs = within(article).getByRole('tablist', { name: 'Tus viviendas' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Torre A - 101', 'Torre A - 102']);
    // No results before voting (VerResultados 1), no administration card for a resident.
    expect(within(article).queryByRole('region', { name: 'Resultados' })).toBeNull();
    expect(within(article).queryByRole('region', { name: 'Administración' })).toBeNull();

    const review = within(article).getByRole('button', { name: 'Revisar mi voto' }) as HTMLButtonElement;
    expect(review.disabled).toBe(true);
    fireEvent.click(within(article).getByRole('radio', { name: 'Sí' }));
    fireEvent.click(within(article).getByRole('checkbox', { name: 'Impermeabilizantes del Norte' }));
    fireEvent.click(within(article).getByRole('checkbox', { name: 'Techos Seguros' }));
    // Two is the most: the third waits.
    expect((within(article).getByRole('checkbox', { name: 'Cubiertas MX' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(article).getByText('Elige hasta 2')).toBeTruthy();
    fireEvent.click(review);

    const heading = await within(article).findByRole('heading', { name: 'Revisa tu voto' });
    expect(document.activeElement).toBe(heading);
    expect(within(article).getByText('Votas por Torre A - 101.')).toBeTruthy();
    expect(article.textContent).toContain('Impermeabilizantes del Norte, Techos Seguros');
    expect(within(article).getByText('El voto es secreto: nadie, ni la administración, verá lo que elegiste.')).toBeTruthy();
    // Back to the ballot keeps the choices.
    fireEvent.click(within(article).getByRole('button', { name: 'Cambiar respuestas' }));
    expect((within(article).getByRole('radio', { name: 'Sí' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(article).getByRole('button', { name: 'Revisar mi voto' }));
    fireEvent.click(await within(article).findByRole('button', { name: 'Confirmar y enviar voto' }));

    expect(await within(article).findByRole('heading', { name: '¡Tu voto quedó registrado!' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === VOTE)?.body).toEqual({ pollId: 7, ApmtId: 101, respuestas: CAST });
    expect(within(article).getByText('Gracias por participar en las decisiones de Las Palmas.')).toBeTruthy();
    expect(within(article).getByText('Te enviamos un comprobante por correo.')).toBeTruthy();
    expect(within(article).getByLabelText(`Código de comprobante ${RECEIPT}`).textContent).toBe(RECEIPT);
    expect(within(article).getByRole('button', { name: 'Copiar código' })).toBeTruthy();
    // Votes may not change here.
    expect(within(article).queryByRole('button', { name: 'Cambiar mi voto' })).toBeNull();

    const results = within(article).getByRole('region', { name: 'Resultados' });
    expect(within(results).getByText('Parciales')).toBeTruthy();
    expect(results.textContent).toContain('Participación: 51.23% del indiviso (120 de 250 viviendas votaron).');
    expect(results.textContent).toContain('Quórum requerido: 51%. Se alcanzó.');
    const approve = within(results).getByRole('region', { name: /cuota extraordinaria/ });
    const options = within(approve).getAllByRole('listitem');
    expect(options.map((o) => o.textContent)).toEqual([
      'Sí80 votos · 66.67% · 68.32% por indiviso',
      'No30 votos · 25% · 23.42% por indiviso',
      'Abstención10 votos · 8.33% · 8.26% por indiviso',
    ]);
  });

  it('tells a dwelling in arrears why, how much and where to see it', async () => {
    stubApi(sessionFor('resident'), { [POLL]: () => json(live(OPEN)) });
    open();
    const article = await screen.findByRole('article', { name: 'Impermeabilización de azoteas' });
    fireEvent.click(within(article).getByRole('tab', { name: 'Torre A - 102' }));
    expect(await within(article).findByRole('heading', { name: 'Tu vivienda no puede votar' })).toBeTruthy();
    expect(
      within(article).getByText(
        'Tu vivienda no puede votar: al abrir la votación tenía un adeudo vencido con más antigüedad de la permitida.',
      ),
    ).toBeTruthy();
    expect(within(article).getByText('Adeudo al abrir la votación: $12,345.00, con 95 días de atraso.')).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Ver el estado de cuenta de Torre A - 102' }).getAttribute('href')).toBe(
      '/estado-cta',
    );
    expect(within(article).queryByRole('button', { name: 'Revisar mi voto' })).toBeNull();
    // Back to the other dwelling, its ballot.
    fireEvent.click(within(article).getByRole('tab', { name: 'Torre A - 101' }));
    expect(await within(article).findByRole('button', { name: 'Revisar mi voto' })).toBeTruthy();
  });

  it('offers no statement link to someone who may not see statements', async () => {
    stubApi(sessionFor('resident', { usuarioPermisos: [{ Clave: 'COM-ENC', Tipo: 'ver', Activa: 1 }] }), {
      [POLL]: () => json(live({ ...OPEN, asientos: [IN_ARREARS] })),
    });
    open();
    expect(await screen.findByText('Para ponerte al corriente, comunícate con la administración.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /estado de cuenta/ })).toBeNull();
  });

  it('says clearly when another member of the dwelling voted first', async () => {
    const rosaFirst = live({ ...OPEN, asientos: [voted({ VotoDe: 'Rosa Hernández Díaz', respuestas: null }), IN_ARREARS] });
    stubApi(sessionFor('resident'), {
      [POLL]: () => json(live(OPEN)),
      [VOTE]: () =>
        json(
          {
            success: false,
            code: 'CONFLICT',
            message: 'Ya hay un voto registrado para ti o tu vivienda en esta votación; solo cuenta uno.',
            motivo: 'ya_voto',
            poll: rosaFirst,
          },
          409,
        ),
    });
    open();
    const article = await screen.findByRole('article', { name: 'Impermeabilización de azoteas' });
    fireEvent.click(within(article).getByRole('radio', { name: 'No' }));
    fireEvent.click(within(article).getByRole('checkbox', { name: 'Cubiertas MX' }));
    fireEvent.click(within(article).getByRole('button', { name: 'Revisar mi voto' }));
    fireEvent.click(await within(article).findByRole('button', { name: 'Confirmar y enviar voto' }));
    expect(await within(article).findByRole('heading', { name: 'Ya hay un voto registrado' })).toBeTruthy();
    const alert = within(article).getByRole('alert');
    expect(alert.textContent).toContain('Ya hay un voto registrado para ti o tu vivienda en esta votación; solo cuenta uno.');
    expect(alert.textContent).toContain('Votó Rosa Hernández Díaz por tu vivienda.');
  });

  it('keeps the choices when sending fails, and sends them again', async () => {
    let attempts = 0;
    const api = stubApi(sessionFor('resident'), {
      [POLL]: () => json(live(OPEN)),
      [VOTE]: () =>
        attempts++ === 0
          ? Promise.reject(new TypeError('Failed to fetch'))
          : json(voteAnswer(live(afterVote(OPEN, 101, CAST)), { MensajeConfirmacion: null, copiaEnviada: false })),
    });
    open();
    const article = await screen.findByRole('article', { name: 'Impermeabilización de azoteas' });
    fireEvent.click(within(article).getByRole('radio', { name: 'Sí' }));
    fireEvent.click(within(article).getByRole('checkbox', { name: 'Impermeabilizantes del Norte' }));
    fireEvent.click(within(article).getByRole('checkbox', { name: 'Techos Seguros' }));
    fireEvent.click(within(article).getByRole('button', { name: 'Revisar mi voto' }));
    fireEvent.click(await within(article).findByRole('button', { name: 'Confirmar y enviar voto' }));
    const alert = await within(article).findByRole('alert');
    expect(alert.textContent).toContain('No pudimos enviar tu voto');
    expect(alert.textContent).toContain('No pudimos comunicarnos con el servidor.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    fireEvent.click(await within(article).findByRole('button', { name: 'Confirmar y enviar voto' }));
    expect(await within(article).findByRole('heading', { name: '¡Tu voto quedó registrado!' })).toBeTruthy();
    // Without the section's message, a plain thank you; no copy said when none went.
    expect(within(article).getByText('Gracias por participar.')).toBeTruthy();
    expect(within(article).queryByText('Te enviamos un comprobante por correo.')).toBeNull();
    const sent = api.calls.filter((c) => c.path === VOTE).map((c) => c.body);
    expect(sent).toEqual([
      { pollId: 7, ApmtId: 101, respuestas: CAST },
      { pollId: 7, ApmtId: 101, respuestas: CAST },
    ]);
  });

  it('shows a vote already cast, and lets it change where votes may change', async () => {
    const changeable = live(VOTED_CHANGEABLE);
    stubApi(sessionFor('resident'), { [POLL]: () => json(changeable) });
    open();
    const article = await screen.findByRole('article', { name: 'Impermeabilización de azoteas' });
    expect(await within(article).findByRole('heading', { name: '¡Tu voto quedó registrado!' })).toBeTruthy();
    expect(article.textContent).toContain('Impermeabilizantes del Norte, Techos Seguros');
    fireEvent.click(within(article).getByRole('button', { name: 'Cambiar mi voto' }));
    expect(await within(article).findByRole('heading', { name: 'Cambia tu voto' })).toBeTruthy();
    // It starts from what the seat chose.
    expect((within(article).getByRole('radio', { name: 'Sí' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(article).getByRole('button', { name: 'Conservar mi voto' }));
    expect(await within(article).findByRole('button', { name: 'Cambiar mi voto' })).toBeTruthy();
  });

  it('tells a resident whose dwelling already voted, without a ballot', async () => {
    stubApi(sessionFor('resident'), { [POLL]: () => json(live(VOTED_BY_ROSA)) });
    open();
    expect(await screen.findByRole('heading', { name: 'Ya hay un voto registrado' })).toBeTruthy();
    expect(screen.getByText('Votó Rosa Hernández Díaz por tu vivienda.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revisar mi voto' })).toBeNull();
  });

  it('shows a closed poll’s final results and a cancelled poll’s reason', async () => {
    stubApi(sessionFor('resident'), { [POLL]: () => json(CLOSED) });
    const view = open();
    expect(await screen.findByRole('heading', { name: 'Votación cerrada' })).toBeTruthy();
    expect(screen.getByText(/Tu voto quedó contado\./)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Resultados' })).getByText('Finales')).toBeTruthy();
    view.unmount();
    const cancelled = {
      ...CLOSED,
      resultados: null,
      poll: {
        ...CLOSED.poll,
        estado: 'cancelada' as const,
        fase: 'cancelada' as const,
        motivo: 'El proveedor retiró su cotización.',
      },
    };
    stubApi(sessionFor('resident'), { [POLL]: () => json(cancelled) });
    open();
    expect(await screen.findByText('Votación cancelada')).toBeTruthy();
    expect(screen.getByText('Motivo: El proveedor retiró su cotización.')).toBeTruthy();
  });

  it('answers an encuesta with a free text, for the person', async () => {
    const api = stubApi(sessionFor('resident'), {
      '/api/--encuestas/poll/8': () => json(live(SURVEY)),
      [VOTE]: () => json(voteAnswer(live(afterVote(SURVEY, null, [])))),
    });
    open(8);
    const article = await screen.findByRole('article', { name: 'Horario de la alberca' });
    expect(within(article).getByRole('heading', { name: 'Tu respuesta' })).toBeTruthy();
    expect(within(article).queryByRole('tablist')).toBeNull();
    fireEvent.click(within(article).getByRole('radio', { name: 'De 9 a 22 h' }));
    fireEvent.change(within(article).getByLabelText(/¿Algún comentario\?/), { target: { value: '  Abrir temprano  ' } });
    fireEvent.click(within(article).getByRole('button', { name: 'Revisar mi voto' }));
    fireEvent.click(await within(article).findByRole('button', { name: 'Confirmar y enviar voto' }));
    expect(await within(article).findByRole('heading', { name: '¡Tu respuesta quedó registrada!' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === VOTE)?.body).toEqual({
      pollId: 8,
      ApmtId: null,
      respuestas: [
        { preguntaId: 81, opciones: [812] },
        { preguntaId: 82, opciones: [], texto: 'Abrir temprano' },
      ],
    });
  });

  it('says when the poll does not exist', async () => {
    stubApi(sessionFor('resident'), {
      [POLL]: () => json({ success: false, code: 'NOT_FOUND', message: 'La votación no existe.' }, 404),
    });
    open();
    expect(await screen.findByText('Votación no disponible')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a las votaciones' }).getAttribute('href')).toBe('/comunicacion/encuestas');
  });

  it('checks a receipt code', async () => {
    stubApi(sessionFor('resident'), {
      [POLL]: () => json(live({ ...OPEN, asientos: [voted()], resultados: RESULTS })),
      [RECEIPT_PATH]: () => json({ success: true, contado: true, FechaVoto: '2026-11-21T15:30:00.000Z' }),
    });
    open();
    const checker = await screen.findByRole('region', { name: '¿Se contó mi voto?' });
    const check = within(checker).getByRole('button', { name: 'Verificar' }) as HTMLButtonElement;
    fireEvent.change(within(checker).getByLabelText('Código de comprobante'), { target: { value: 'k7q2 9xmb' } });
    expect(check.disabled).toBe(true);
    fireEvent.change(within(checker).getByLabelText('Código de comprobante'), { target: { value: 'k7q2 9xmb 4tz1' } });
    fireEvent.click(check);
    expect(await within(checker).findByText('Tu voto está contado.')).toBeTruthy();
    expect(within(checker).getByText('Se registró el 21/11/2026 09:30 AM.')).toBeTruthy();
    const asked = (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
      .map(([request]) => new URL(request.url))
      .find((url) => url.pathname === RECEIPT_PATH)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ pollId: '7', codigo: RECEIPT });
  });

  it('reads the poll again while choosing, and shows a closing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      const closedNow = { ...live(OPEN), poll: { ...live(OPEN).poll, estado: 'cerrada' as const, fase: 'cerrada' as const } };
      stubApi(sessionFor('resident'), { [POLL]: () => json(reads++ === 0 ? live(OPEN) : closedNow) });
      open();
      const article = await screen.findByRole('article', { name: 'Impermeabilización de azoteas' });
      fireEvent.click(within(article).getByRole('radio', { name: 'Sí' }));
      await vi.advanceTimersByTimeAsync(15_000);
      await waitFor(() => expect(within(article).getByRole('heading', { name: 'Votación cerrada' })).toBeTruthy());
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
