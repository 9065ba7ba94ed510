// The requests screen (comunicacion/tickets-administrador/{sectionId}) over its machines, the network stubbed
// at fetch: the tabs each role gets, the resident's list (cards, count, overdue, empty, failure and retry,
// filters and search sent), filing a request (problems at once, the request sent, the section's message and
// the copy by e-mail, a refusal kept with what was typed), the board's counts only, the administrator's
// overview and settings, and a section that is not the member's.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TicketsPage from '../../src/views/tickets/TicketsPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { EMILIO, listAnswer, PATHS, sectionAnswer, summary } from '../support/ticketFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const PAGE = '/comunicacion/tickets-administrador/2';
const open = () => signedIn(<TicketsPage params={{ sectionId: '2' }} />, PAGE);
/** The query of every list call so far (stubApi records the path only). */
const listQueries = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
    .map(([request]) => new URL(request.url))
    .filter((url) => url.pathname === PATHS.list)
    .map((url) => Object.fromEntries(url.searchParams));

describe('TicketsPage (resident)', { timeout: 20_000 }, () => {
  it('shows the section, its tabs for a resident, and their requests as cards', async () => {
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.list]: () =>
        json(listAnswer([summary(41), summary(40, { Titulo: 'Luz del pasillo', Estado: 'resuelto', Vencida: false })])),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitudes a la administración' })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Solicitudes a la administración' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Mis solicitudes', 'Nueva solicitud']);
    expect(document.title).toBe('Residencial Las Palmas > Comunicación > Solicitudes a la administración | Comunidad');
    expect(await screen.findByText('2 solicitudes')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Mis solicitudes' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: '#41 Fuga en el baño' }).getAttribute('href')).toBe(
      '/comunicacion/tickets-administrador/2?ticket=41',
    );
    expect(first.getByText('Nuevo')).toBeTruthy();
    expect(first.getByText('Prioridad Alta')).toBeTruthy();
    expect(first.getByText('Vencida')).toBeTruthy();
    expect(first.getByText('Mantenimiento · Torre A - 101')).toBeTruthy();
    // The resident is not told their own name as the requester.
    expect(first.queryByText(/Solicitó/)).toBeNull();
    expect(within(cards[1]!).getByText('Resuelto')).toBeTruthy();
    // No assignee filter for a resident.
    expect(screen.queryByLabelText('Asignado a')).toBeNull();
  });

  it('sends the filters at once and the search after the typing stops; says when nothing matches', async () => {
    let answered = 0;
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.list]: () => json(answered++ === 0 ? listAnswer([summary(41)]) : listAnswer([])),
    });
    open();
    expect(await screen.findByText('1 solicitud')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'en_proceso' } });
    expect(await screen.findByText('Ninguna solicitud coincide con los filtros.')).toBeTruthy();
    expect(listQueries().at(-1)).toEqual({ limit: '20', offset: '0', sectionId: '2', estado: 'en_proceso' });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: '  fuga ' } });
    // Not at once: after the typing stops.
    expect(listQueries()).toHaveLength(2);
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ limit: '20', offset: '0', sectionId: '2', estado: 'en_proceso', search: 'fuga' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ limit: '20', offset: '0', sectionId: '2' }));
  });

  it('says when there are no requests yet, and retries a list that failed', async () => {
    let fail = true;
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.list]: () =>
        fail ? json({ success: false, code: 'INTERNAL', message: 'Ocurrió un error inesperado.' }, 500) : json(listAnswer([])),
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar las solicitudes');
    expect(alert.textContent).toContain('Ocurrió un error inesperado.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no hay solicitudes.')).toBeTruthy();
  });

  it('files a request: the problems at once, then the request with its message and the copy by e-mail', async () => {
    const api = stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.list]: () => json(listAnswer([])),
      [PATHS.create]: () =>
        json({
          success: true,
          TicketId: 58,
          MensajeConfirmacion: 'Gracias, te responderemos en menos de 24 horas.',
          copiaEnviada: true,
        }),
    });
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Nueva solicitud' }));
    const form = screen.getByRole('form', { name: 'Nueva solicitud' });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(form).findByText('Elige una categoría.')).toBeTruthy();
    expect(within(form).getByText('Escribe un título.')).toBeTruthy();
    expect(within(form).getByText('Describe lo que necesitas.')).toBeTruthy();
    expect(within(form).getByText('Revisa los campos marcados.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === PATHS.create)).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Categoría/), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: ' Fuga en el baño ' } });
    fireEvent.change(within(form).getByLabelText(/Descripción/), { target: { value: 'Gotea la llave.' } });
    // The resident's dwelling is chosen; a common area is one click away.
    expect((within(form).getByLabelText(/Vivienda/) as HTMLSelectElement).value).toBe('101');
    fireEvent.click(within(form).getByLabelText('En un área común'));
    fireEvent.change(within(form).getByLabelText(/Área común/), { target: { value: 'Alberca' } });
    fireEvent.change(within(form).getByLabelText('Prioridad'), { target: { value: 'urgente' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'fuga.png', { type: 'image/png' });
    fireEvent.change(form.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await within(form).findByRole('button', { name: 'Quitar fuga.png' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText('Solicitud enviada')).toBeTruthy();
    expect(screen.getByText('Tu solicitud quedó registrada con el número 58.')).toBeTruthy();
    expect(screen.getByText('Gracias, te responderemos en menos de 24 horas.')).toBeTruthy();
    expect(screen.getByText('Te enviamos una copia por correo electrónico.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver solicitud' }).getAttribute('href')).toBe(
      '/comunicacion/tickets-administrador/2?ticket=58',
    );
    const body = api.calls.find((c) => c.path === PATHS.create)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      sectionId: 2,
      categoriaId: 1,
      Titulo: 'Fuga en el baño',
      Descripcion: 'Gotea la llave.',
      ApmtId: null,
      AreaComun: 'Alberca',
      Prioridad: 'urgente',
    });
    expect(body.adjuntos).toEqual([{ name: 'fuga.png', dataUrl: expect.stringMatching(/^data:image\/png;base64,/) }]);
    // The list reads itself again after a request is filed.
    await waitFor(() => expect(api.calls.filter((c) => c.path === PATHS.list).length).toBeGreaterThanOrEqual(2));
  });

  it('keeps what was typed when the server refuses, says why, and sends it again', async () => {
    const answers = [
      () => json({ success: false, code: 'BAD_REQUEST', message: 'La categoría ya no está activa.' }, 400),
      () => json({ success: true, TicketId: 60, MensajeConfirmacion: null, copiaEnviada: false }),
    ];
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.list]: () => json(listAnswer([])),
      [PATHS.create]: () => answers.shift()!(),
    });
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Nueva solicitud' }));
    const form = screen.getByRole('form', { name: 'Nueva solicitud' });
    fireEvent.change(within(form).getByLabelText(/Categoría/), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: 'Puerta abierta' } });
    fireEvent.change(within(form).getByLabelText(/Descripción/), { target: { value: 'La del estacionamiento.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('No pudimos enviar tu solicitud');
    expect(alert.textContent).toContain('La categoría ya no está activa.');
    expect((within(form).getByLabelText(/Título/) as HTMLInputElement).value).toBe('Puerta abierta');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Solicitud enviada')).toBeTruthy();
    expect(screen.queryByText('Te enviamos una copia por correo electrónico.')).toBeNull();
  });

  it('says so when the section is not the member’s', async () => {
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json({ success: false, code: 'FORBIDDEN', message: 'No tienes permiso para esta acción.' }, 403),
    });
    open();
    expect(await screen.findByText('Esta sección no existe o no tienes acceso a ella.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Comunicación' }).getAttribute('href')).toBe('/comunicacion');
  });
});

describe('TicketsPage (board and administrators)', { timeout: 20_000 }, () => {
  it('gives the board their own requests and the counts, with no list of others’ requests', async () => {
    stubApi(sessionFor('board'), {
      [PATHS.section]: () => json(sectionAnswer({ canSeeOverview: true })),
      [PATHS.list]: () => json(listAnswer([])),
      [PATHS.overview]: () =>
        json({
          success: true,
          porEstado: [{ clave: 'nuevo', total: 3 }],
          porCategoria: [{ clave: 'Mantenimiento', total: 3 }],
          porEdad: [{ clave: 'semana', total: 3 }],
          vencidas: null,
          horasPrimeraRespuesta: null,
          horasResolucion: null,
          calificacionPromedio: null,
          calificaciones: null,
        }),
    });
    open();
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Mis solicitudes', 'Nueva solicitud', 'Resumen']);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Resumen' }));
    const overview = await screen.findByRole('region', { name: 'Resumen' });
    expect(
      await within(overview).findByText('Conteos de las solicitudes abiertas; el contenido de cada solicitud es privado.'),
    ).toBeTruthy();
    expect(within(overview).getByRole('region', { name: 'Abiertas por antigüedad' }).textContent).toContain('De esta semana3');
    expect(within(overview).getByRole('region', { name: 'Por estado' }).textContent).toContain('Nuevo3');
    expect(within(overview).queryByText('Vencidas')).toBeNull();
  });

  it('gives administrators every request with the assignee filter, the full overview and the settings', async () => {
    const api = stubApi(sessionFor('admin'), {
      [PATHS.section]: () => json(sectionAnswer({ canManage: true, canSeeOverview: true, viviendas: [] })),
      [PATHS.list]: () => json(listAnswer([summary(41)], 45)),
      [PATHS.assignees]: () => json({ success: true, items: [EMILIO] }),
      [PATHS.overview]: () =>
        json({
          success: true,
          porEstado: [{ clave: 'nuevo', total: 3 }],
          porCategoria: [{ clave: 'Mantenimiento', total: 3 }],
          porEdad: [{ clave: 'hoy', total: 1 }],
          vencidas: 2,
          horasPrimeraRespuesta: 5.25,
          horasResolucion: 40,
          calificacionPromedio: 4.25,
          calificaciones: 12,
        }),
      [PATHS.settings]: () =>
        json({
          success: true,
          categorias: [
            { id: 1, nombre: 'Mantenimiento', activa: true },
            { id: 2, nombre: 'Seguridad', activa: false },
          ],
          horas: { baja: 168, media: 72, alta: 24, urgente: 4 },
        }),
      [PATHS.saveCategory]: () => json({ success: true }),
    });
    open();
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Solicitudes', 'Nueva solicitud', 'Resumen', 'Configuración']);
    expect(await screen.findByText('45 solicitudes')).toBeTruthy();
    expect(screen.getByText(/Solicitó Rosa Hernández Díaz/)).toBeTruthy();
    const assignee = screen.getByLabelText('Asignado a') as HTMLSelectElement;
    await waitFor(() => expect([...assignee.options].map((o) => o.textContent)).toContain(EMILIO.UserName));
    fireEvent.change(assignee, { target: { value: '0' } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ asignado: '0' }));
    // Three pages of 20.
    expect(screen.getByRole('button', { name: 'Página 3' })).toBeTruthy();

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Resumen' }));
    const overview = await screen.findByRole('region', { name: 'Resumen' });
    expect(await within(overview).findByText('Tiempo promedio a la primera respuesta')).toBeTruthy();
    expect(within(overview).getByText('5.3 h')).toBeTruthy();
    expect(within(overview).getByText('4.3 de 5 (12 calificaciones)')).toBeTruthy();

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Configuración' }));
    const settings = await screen.findByRole('region', { name: 'Configuración de solicitudes' });
    expect(await within(settings).findByRole('button', { name: 'Activar Seguridad' })).toBeTruthy();
    const add = within(settings).getByRole('button', { name: 'Agregar categoría' }) as HTMLButtonElement;
    fireEvent.change(within(settings).getByLabelText('Nueva categoría'), { target: { value: ' seguridad' } });
    expect(within(settings).getByText('Ya existe una categoría con ese nombre.')).toBeTruthy();
    expect(add.disabled).toBe(true);
    fireEvent.change(within(settings).getByLabelText('Nueva categoría'), { target: { value: 'Jardinería' } });
    fireEvent.click(add);
    expect(await within(settings).findByText('Categoría guardada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === PATHS.saveCategory)?.body).toEqual({ nombre: 'Jardinería', activa: true });
    // The section (and its categories for the form) is read again.
    await waitFor(() => expect(api.calls.filter((c) => c.path === PATHS.section)).toHaveLength(2));
  });
});
