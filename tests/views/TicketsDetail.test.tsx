// One request (?ticket=ID) over ticketDetailMachine, the network stubbed at fetch: its facts, files and
// timeline (who and when; internal notes marked); the actions offered by the lifecycle table for each role
// (the requester within the 7 days of a resolution, the administrator on a new request); assigning with the
// version read; a lost race showing the fresh request and the server's words; a reply with a photo, an
// internal note, a rating; a request that is not theirs.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TicketsPage from '../../src/views/tickets/TicketsPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { EMILIO, event, PATHS, sectionAnswer, ticketAnswer } from '../support/ticketFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const open = () => signedIn(<TicketsPage params={{ sectionId: '2' }} />, '/comunicacion/tickets-administrador/2?ticket=41');
const DAY = 24 * 60 * 60 * 1000;
const buttons = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('A request (?ticket=)', { timeout: 20_000 }, () => {
  it('shows the request, its files and its timeline with who and when; internal notes marked', async () => {
    const timeline = [
      event(1, {}),
      event(2, {
        tipo: 'asignacion',
        de: null,
        a: EMILIO.UserName,
        UserId: 1,
        UserName: 'Ana Martínez Ruiz',
        Fecha: '2026-11-20T17:00:00.000Z',
      }),
      event(3, {
        tipo: 'estado',
        de: 'asignado',
        a: 'en_proceso',
        UserId: 7,
        UserName: EMILIO.UserName,
        Fecha: '2026-11-20T18:30:00.000Z',
      }),
      event(4, {
        tipo: 'nota',
        Texto: 'Pedir la llave a la caseta.',
        UserId: 7,
        UserName: EMILIO.UserName,
        Fecha: '2026-11-20T18:45:00.000Z',
      }),
    ];
    stubApi(sessionFor('employee'), {
      [PATHS.section]: () => json(sectionAnswer({ canFile: false })),
      [PATHS.ticket]: () =>
        json(
          ticketAnswer(
            ['assignee'],
            { Estado: 'en_proceso', AsignadoId: 7, AsignadoNombre: EMILIO.UserName, version: 3 },
            { canWriteInternalNote: true },
            timeline,
          ),
        ),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    expect((await screen.findByRole('link', { name: 'Volver a las solicitudes' })).getAttribute('href')).toBe(
      '/comunicacion/tickets-administrador/2',
    );
    const facts = within(article).getByLabelText('Datos de la solicitud');
    expect(facts.textContent).toContain('Categoría:Mantenimiento');
    expect(facts.textContent).toContain('Responsable:Emilio Torres Vega');
    // In the condominium's time (Mexico City) and the Spanish locale.
    expect(facts.textContent).toContain('Creada:20 nov 2026, 10:00');
    expect(within(article).getByRole('link', { name: 'fuga.jpg (foto)' }).getAttribute('href')).toContain('/--tickets/file/5?');
    const history = within(article).getByRole('region', { name: 'Historial' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Creó la solicitudRosa Hernández Díaz · 20 nov 2026, 10:00',
      'Asignó la solicitud a Emilio Torres VegaAna Martínez Ruiz · 20 nov 2026, 11:00',
      'Cambió el estado de Asignado a En procesoEmilio Torres Vega · 20 nov 2026, 12:30',
      'Nota internaEscribió una nota internaEmilio Torres Vega · 20 nov 2026, 12:45Pedir la llave a la caseta.',
    ]);
    expect(items[3]!.getAttribute('data-internal')).toBe('true');
    // The assignee moves it on: on hold or resolved; never assigns it.
    const actions = within(article).getByRole('region', { name: 'Acciones' });
    expect(buttons(actions)).toEqual(['Poner en espera', 'Marcar como resuelta']);
    expect(within(article).queryByRole('region', { name: 'Gestión' })).toBeNull();
  });

  it('lets the requester confirm or reopen within 7 days, and rate it', async () => {
    const resolved = ticketAnswer(
      ['requester'],
      { Estado: 'resuelto', FechaResuelta: new Date(Date.now() - 2 * DAY).toISOString(), version: 5 },
      { canRate: true },
    );
    const api = stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.ticket]: () => json(resolved),
      [PATHS.rate]: () =>
        json({
          ...resolved,
          ticket: { ...resolved.ticket, calificacion: { estrellas: 4, comentario: 'Rápido', Fecha: new Date().toISOString() } },
          abilities: { ...resolved.abilities, canRate: false },
        }),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    const actions = within(article).getByRole('region', { name: 'Acciones' });
    expect(buttons(actions)).toEqual(['Confirmar solución', 'Reabrir']);
    expect(actions.textContent).toContain('después se cerrará sola');
    const rating = within(article).getByRole('region', { name: 'Califica la atención' });
    const send = within(rating).getByRole('button', { name: 'Enviar calificación' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(rating).getByLabelText('4 estrellas'));
    fireEvent.change(within(rating).getByLabelText('Comentario (opcional)'), { target: { value: ' Rápido ' } });
    fireEvent.click(send);
    expect(await screen.findByText('Gracias por tu calificación.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === PATHS.rate)?.body).toEqual({ ticketId: 41, estrellas: 4, comentario: 'Rápido' });
    expect(screen.getByText('Calificación: 4 de 5')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Califica la atención' })).toBeNull();
  });

  it('offers the requester nothing to answer 9 days after the resolution', async () => {
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.ticket]: () =>
        json(ticketAnswer(['requester'], { Estado: 'resuelto', FechaResuelta: new Date(Date.now() - 9 * DAY).toISOString() })),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    expect(within(article).queryByRole('region', { name: 'Acciones' })).toBeNull();
  });

  it('lets an administrator assign a new request with the version read, and shows a lost race', async () => {
    const fresh = ticketAnswer(
      ['admin'],
      { Estado: 'asignado', AsignadoId: 8, AsignadoNombre: 'Luis Pérez', version: 2 },
      { canUpdate: true, canWriteInternalNote: true },
    );
    const api = stubApi(sessionFor('admin'), {
      [PATHS.section]: () => json(sectionAnswer({ canManage: true, canSeeOverview: true })),
      [PATHS.ticket]: () => json(ticketAnswer(['admin'], {}, { canUpdate: true, canWriteInternalNote: true })),
      [PATHS.assignees]: () => json({ success: true, items: [EMILIO] }),
      [PATHS.change]: () =>
        json(
          { success: false, code: 'CONFLICT', message: 'Otra persona cambió esta solicitud antes que tú.', ticket: fresh },
          409,
        ),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    const actions = within(article).getByRole('region', { name: 'Acciones' });
    const assign = within(actions).getByRole('button', { name: 'Asignar' }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    expect(within(actions).getByRole('button', { name: 'Cancelar solicitud' })).toBeTruthy();
    fireEvent.change(within(actions).getByLabelText('Asignar a'), { target: { value: String(EMILIO.UserId) } });
    expect(assign.disabled).toBe(false);
    // A new request is assigned by its action, not in Gestión.
    const manage = within(article).getByRole('region', { name: 'Gestión' });
    expect(within(manage).queryByLabelText('Responsable')).toBeNull();
    fireEvent.click(assign);
    const conflict = await screen.findByRole('alert');
    expect(conflict.textContent).toContain('Alguien más cambió esta solicitud');
    expect(conflict.textContent).toContain('Otra persona cambió esta solicitud antes que tú.');
    expect(api.calls.find((c) => c.path === PATHS.change)?.body).toEqual({
      ticketId: 41,
      version: 1,
      action: 'asignar',
      asignadoId: EMILIO.UserId,
    });
    // The request as it is now: assigned to someone else, and what the table offers from there.
    expect(within(article).getByText('Asignado')).toBeTruthy();
    expect(within(article).getByLabelText('Datos de la solicitud').textContent).toContain('Responsable:Luis Pérez');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(buttons(within(article).getByRole('region', { name: 'Acciones' }))).toEqual([
      'Iniciar trabajo',
      'Marcar como resuelta',
      'Cancelar solicitud',
    ]);
  });

  it('lets an administrator write an internal note and change the priority', async () => {
    const base = ticketAnswer(
      ['admin'],
      { Estado: 'en_proceso', AsignadoId: 7, AsignadoNombre: EMILIO.UserName, version: 3 },
      {
        canUpdate: true,
        canWriteInternalNote: true,
      },
    );
    const api = stubApi(sessionFor('admin'), {
      [PATHS.section]: () => json(sectionAnswer({ canManage: true })),
      [PATHS.ticket]: () => json(base),
      [PATHS.assignees]: () => json({ success: true, items: [EMILIO] }),
      [PATHS.reply]: () =>
        json({
          ...base,
          timeline: [...base.timeline, event(9, { tipo: 'nota', Texto: 'Revisar garantía.', UserName: 'Ana Martínez Ruiz' })],
        }),
      [PATHS.update]: () => json({ ...base, ticket: { ...base.ticket, Prioridad: 'urgente', version: 4 } }),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    const reply = within(article).getByRole('region', { name: 'Responder' });
    fireEvent.click(within(reply).getByLabelText(/Nota interna/));
    fireEvent.change(within(reply).getByRole('textbox'), { target: { value: 'Revisar garantía.' } });
    fireEvent.click(within(reply).getByRole('button', { name: 'Guardar nota interna' }));
    expect(await screen.findByText('Nota interna guardada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === PATHS.reply)?.body).toEqual({
      ticketId: 41,
      Texto: 'Revisar garantía.',
      interna: true,
      adjuntos: [],
    });
    expect(within(article).getByText('Revisar garantía.').closest('li')!.getAttribute('data-internal')).toBe('true');

    const manage = within(article).getByRole('region', { name: 'Gestión' });
    const save = within(manage).getByRole('button', { name: 'Guardar cambios' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect((within(manage).getByLabelText('Responsable') as HTMLSelectElement).value).toBe('7');
    fireEvent.change(within(manage).getByLabelText('Prioridad'), { target: { value: 'urgente' } });
    fireEvent.click(save);
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === PATHS.update)?.body).toEqual({ ticketId: 41, version: 3, Prioridad: 'urgente' });
    expect(within(article).getByText('Prioridad Urgente')).toBeTruthy();
  });

  it("shows a Tijuana condominium's dates on Tijuana's clock, and sends a due date typed on it", async () => {
    // Saturday 7 March 2026 10:00 PST (12:00 in Mexico City); due Sunday 8 March 23:59 PDT (Monday 00:59 there).
    const created = '2026-03-07T18:00:00.000Z';
    const due = '2026-03-09T06:59:00.000Z';
    const base = ticketAnswer(
      ['admin'],
      {
        Estado: 'en_proceso',
        AsignadoId: 7,
        AsignadoNombre: EMILIO.UserName,
        FechaCreada: created,
        FechaLimite: due,
        version: 3,
      },
      { canUpdate: true, canWriteInternalNote: true },
      [event(1, { Fecha: created }), event(2, { tipo: 'vencimiento', a: due, UserName: 'Ana Martínez Ruiz', Fecha: created })],
    );
    const api = stubApi(sessionFor('admin', { condo: { timeZone: 'America/Tijuana' } }), {
      [PATHS.section]: () => json(sectionAnswer({ canManage: true })),
      [PATHS.ticket]: () => json(base),
      [PATHS.assignees]: () => json({ success: true, items: [EMILIO] }),
      [PATHS.update]: () => json({ ...base, ticket: { ...base.ticket, FechaLimite: '2026-03-11T01:00:00.000Z', version: 4 } }),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    const facts = within(article).getByLabelText('Datos de la solicitud').textContent;
    expect(facts).toContain('Creada:7 mar 2026, 10:00');
    expect(facts).toContain('Fecha límite:8 mar 2026, 23:59');
    const history = within(article).getByRole('region', { name: 'Historial' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Creó la solicitudRosa Hernández Díaz · 7 mar 2026, 10:00',
      'Fijó la fecha límite: 8 mar 2026, 23:59Ana Martínez Ruiz · 7 mar 2026, 10:00',
    ]);
    // The field shows and takes Tijuana's wall clock: Tuesday 18:00 PDT is 01:00 UTC on Wednesday.
    const manage = within(article).getByRole('region', { name: 'Gestión' });
    const field = within(manage).getByLabelText('Fecha límite') as HTMLInputElement;
    expect(field.value).toBe('2026-03-08T23:59');
    fireEvent.change(field, { target: { value: '2026-03-10T18:00' } });
    fireEvent.click(within(manage).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === PATHS.update)?.body).toEqual({
      ticketId: 41,
      version: 3,
      FechaLimite: '2026-03-11T01:00:00.000Z',
    });
    expect(within(article).getByLabelText('Datos de la solicitud').textContent).toContain('Fecha límite:10 mar 2026, 18:00');
  });

  it('sends a public reply with a photo, and refuses a file that is not a photo or PDF', async () => {
    const working = ticketAnswer(
      ['assignee'],
      { Estado: 'en_proceso', AsignadoId: 7, version: 3 },
      { canWriteInternalNote: true },
    );
    const api = stubApi(sessionFor('employee'), {
      [PATHS.section]: () => json(sectionAnswer({ canFile: false })),
      [PATHS.ticket]: () => json(working),
      [PATHS.reply]: () => json(working),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    const reply = within(article).getByRole('region', { name: 'Responder' });
    const files = reply.querySelector('input[type="file"]')!;
    fireEvent.change(files, { target: { files: [new File(['x'], 'notas.txt', { type: 'text/plain' })] } });
    expect(await within(reply).findByText(/No se puede adjuntar notas.txt/)).toBeTruthy();
    fireEvent.change(files, { target: { files: [new File([new Uint8Array([255, 216])], 'llave.jpg', { type: 'image/jpeg' })] } });
    expect(await within(reply).findByRole('button', { name: 'Quitar llave.jpg' })).toBeTruthy();
    fireEvent.change(within(reply).getByLabelText('Respuesta'), { target: { value: 'Ya quedó, así se ve.' } });
    fireEvent.click(within(reply).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Respuesta enviada.')).toBeTruthy();
    const body = api.calls.find((c) => c.path === PATHS.reply)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ ticketId: 41, Texto: 'Ya quedó, así se ve.', interna: false });
    expect(body.adjuntos).toEqual([{ name: 'llave.jpg', dataUrl: expect.stringMatching(/^data:image\/jpeg;base64,/) }]);
    expect(within(reply).queryByRole('button', { name: 'Quitar llave.jpg' })).toBeNull();
  });

  it('opens the request for one sent by a notification even where the section is not theirs to read', async () => {
    stubApi(sessionFor('employee'), {
      [PATHS.section]: () => json({ success: false, code: 'FORBIDDEN', message: 'No tienes permiso para esta acción.' }, 403),
      [PATHS.ticket]: () => json(ticketAnswer(['assignee'], { Estado: 'asignado', AsignadoId: 7, version: 2 })),
    });
    open();
    expect(await screen.findByRole('article', { name: '#41 Fuga en el baño' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Solicitud #41' })).toBeTruthy();
    expect(screen.queryByText('Esta sección no existe o no tienes acceso a ella.')).toBeNull();
    expect(buttons(screen.getByRole('region', { name: 'Acciones' }))).toEqual(['Iniciar trabajo', 'Marcar como resuelta']);
  });

  it('says so when the request is not theirs', async () => {
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.ticket]: () => json({ success: false, code: 'NOT_FOUND', message: 'La solicitud no existe.' }, 404),
    });
    open();
    expect(await screen.findByText('Esta solicitud no existe o no tienes acceso a ella.')).toBeTruthy();
  });

  it('shows a refused change in the server’s words, the request as it was', async () => {
    stubApi(sessionFor('resident'), {
      [PATHS.section]: () => json(sectionAnswer()),
      [PATHS.ticket]: () => json(ticketAnswer(['requester'])),
      [PATHS.change]: () => json({ success: false, code: 'FORBIDDEN', message: 'No puedes cancelar esta solicitud.' }, 403),
    });
    open();
    const article = await screen.findByRole('article', { name: '#41 Fuga en el baño' });
    fireEvent.click(within(article).getByRole('button', { name: 'Cancelar solicitud' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo completar');
    expect(alert.textContent).toContain('No puedes cancelar esta solicitud.');
    expect(within(article).getByText('Nuevo')).toBeTruthy();
  });
});
