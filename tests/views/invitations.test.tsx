// The residents tab, the access-request inbox and the invitation's page render their flows: what each lists,
// what each call sends, the refusals in the server's words, and the acceptance handing the session its token.
// The network is stubbed at fetch, the edge of these tests.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessRequest, Invitation, InvitationInfo, Resident } from '../../src/api/invitations';
import AccessRequestsTab from '../../src/views/invitations/AccessRequestsTab';
import ResidentsTab from '../../src/views/invitations/ResidentsTab';
import { AcceptInvitationPage } from '../../src/views/sessions/AcceptInvitationPage';
import { renderWithApp } from '../support/views/renderWithApp';

afterEach(() => vi.unstubAllGlobals());

type Answer = { status?: number; body: unknown };
interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** fetch answering by "METHOD /path"; each answer a value or a function of the call. */
function stubApi(answers: Record<string, Answer | ((sent: Sent) => Answer)>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? undefined : await request.clone().json();
      const call = { method: request.method, path: url.pathname, search: url.search, body };
      sent.push(call);
      const found = answers[`${request.method} ${url.pathname}`];
      const answer =
        typeof found === 'function'
          ? found(call)
          : (found ?? { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'no' } });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

const RESIDENT: Resident = {
  residencyId: 7,
  userId: 30,
  name: 'Rosa Hernández Díaz',
  email: 'residente@demo.mx',
  ApmtId: 1,
  dwelling: 'Torre A - 101',
  towerId: 1,
  kind: 'owner',
  roles: [],
};
const INVITATION: Invitation = {
  id: 40,
  email: 'lola@correo.mx',
  name: 'Lola Méndez',
  ApmtId: 201,
  dwelling: 'Torre B - 901',
  kind: 'tenant',
  roles: [],
  sentCount: 1,
  lastSentAt: '2026-03-02T18:00:00.000Z',
  expiresAt: '2026-03-09T18:00:00.000Z',
  expired: false,
  accessRequestId: null,
};
const DWELLINGS = [
  { ApmtId: 1, dwelling: 'Torre A - 101', towerId: 1 },
  { ApmtId: 201, dwelling: 'Torre B - 901', towerId: 2 },
];

const residentsApi = (extra: Record<string, Answer | ((sent: Sent) => Answer)> = {}) =>
  stubApi({
    'GET /api/--configuracion/residentes': {
      body: {
        success: true,
        items: [RESIDENT],
        total: 1,
        towers: [
          { id: 1, name: 'Torre A' },
          { id: 2, name: 'Torre B' },
        ],
      },
    },
    'GET /api/--configuracion/invitaciones': { body: { success: true, items: [INVITATION] } },
    'GET /api/--configuracion/residentes/viviendas': { body: { success: true, items: DWELLINGS } },
    ...extra,
  });

describe('ResidentsTab', () => {
  it('lists the residents with their kind and the pending invitations', async () => {
    residentsApi();
    renderWithApp(<ResidentsTab />);
    const residents = await screen.findByRole('list', { name: 'Residentes' });
    const rosa = within(residents).getByRole('listitem', { name: 'Rosa Hernández Díaz, Torre A - 101' });
    expect(within(rosa).getByText('Propietario')).toBeTruthy();
    const pending = await screen.findByRole('listitem', { name: 'lola@correo.mx' });
    expect(within(pending).getByText('Torre B - 901')).toBeTruthy();
    expect(within(pending).getByText('Inquilino')).toBeTruthy();
    expect(screen.getByText('1 residente')).toBeTruthy();
  });

  it('moves a resident out after confirming, and says so', async () => {
    const sent = residentsApi({
      'POST /api/--configuracion/residentes/mudanza': { body: { success: true, membershipEnded: true } },
    });
    renderWithApp(<ResidentsTab />);
    const rosa = await screen.findByRole('listitem', { name: 'Rosa Hernández Díaz, Torre A - 101' });
    fireEvent.click(within(rosa).getByRole('button', { name: 'Dar de baja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar de baja de la vivienda' });
    expect(within(dialog).getByText(/Sus sesiones en el condominio se cerrarán de inmediato/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(
      await screen.findByText(
        'Rosa Hernández Díaz ya no es residente de Torre A - 101 y su acceso al condominio quedó inactivo.',
      ),
    ).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/--configuracion/residentes/mudanza', search: '', body: { residencyId: 7 } },
    ]);
  });

  it('resends and revokes an invitation', async () => {
    const sent = residentsApi({
      'POST /api/--configuracion/invitaciones/reenviar': { body: { success: true, invitation: { ...INVITATION, sentCount: 2 } } },
      'POST /api/--configuracion/invitaciones/revocar': { body: { success: true } },
    });
    renderWithApp(<ResidentsTab />);
    const pending = await screen.findByRole('listitem', { name: 'lola@correo.mx' });
    fireEvent.click(within(pending).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('Se envió un enlace nuevo a lola@correo.mx; el anterior ya no funciona.')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'lola@correo.mx' })).getByRole('button', { name: 'Revocar' }),
      ).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(screen.getByRole('listitem', { name: 'lola@correo.mx' })).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Se revocó la invitación de lola@correo.mx.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => [s.path, s.body])).toEqual([
      ['/api/--configuracion/invitaciones/reenviar', { id: 40 }],
      ['/api/--configuracion/invitaciones/revocar', { id: 40 }],
    ]);
  });

  it('invites: the problems first, then the request, and the server’s refusal in its words', async () => {
    const sent = residentsApi({
      'POST /api/--configuracion/invitaciones/nueva': {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'residente@demo.mx ya es residente activo de esa vivienda.',
          field: 'email',
        },
      },
    });
    renderWithApp(<ResidentsTab />);
    await screen.findByRole('list', { name: 'Residentes' });
    fireEvent.click(screen.getByRole('button', { name: 'Invitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar a una persona' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(within(dialog).getByText('Escribe un correo electrónico válido.')).toBeTruthy();
    expect(within(dialog).getByText('Escribe el nombre de la persona.')).toBeTruthy();
    expect(within(dialog).getByText('Elige la vivienda.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Correo electrónico/), { target: { value: 'residente@demo.mx' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nombre completo/), { target: { value: 'Rosa' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Vivienda/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Torre A - 101' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await within(dialog).findByText('residente@demo.mx ya es residente activo de esa vivienda.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { email: 'residente@demo.mx', name: 'Rosa', ApmtId: 1, kind: 'owner', roles: [] },
    ]);
  });
});

const request = (id: number, nombre: string, extra: Partial<AccessRequest> = {}): AccessRequest => ({
  id,
  nombre,
  email: `${nombre.split(' ')[0]!.toLowerCase()}@correo.mx`,
  tel: '3312345601',
  comentarios: 'Me mudé hace poco.',
  vivienda: 'Torre B 901',
  createdAt: '2026-03-01T12:00:00.000Z',
  status: 'pendiente',
  decidedAt: null,
  decisionMessage: null,
  suggestedApmtId: 201,
  ...extra,
});

describe('AccessRequestsTab', () => {
  const inbox = (extra: Record<string, Answer | ((sent: Sent) => Answer)> = {}) =>
    stubApi({
      'GET /api/--configuracion/solicitudes': {
        body: {
          success: true,
          items: [
            request(1, 'Lucía Fernández'),
            request(2, 'Mateo Aguilar'),
            request(3, 'Paula Navarro', { status: 'rechazada', decisionMessage: 'No.' }),
          ],
          pending: 2,
        },
      },
      'GET /api/--configuracion/residentes/viviendas': { body: { success: true, items: DWELLINGS } },
      ...extra,
    });

  it('approves with the dwelling prefilled, and shows a decision made first by someone else', async () => {
    const sent = inbox({
      'POST /api/--configuracion/solicitudes/aprobar': (call) =>
        (call.body as { id: number }).id === 1
          ? { body: { success: true, request: request(1, 'Lucía Fernández', { status: 'aprobada' }) } }
          : {
              status: 409,
              body: {
                success: false,
                code: 'CONFLICT',
                message: 'Esta solicitud ya fue rechazada.',
                request: request(2, 'Mateo Aguilar', { status: 'rechazada' }),
              },
            },
    });
    renderWithApp(<AccessRequestsTab />);
    expect(await screen.findByText('2 pendientes')).toBeTruthy();
    const lucia = screen.getByRole('listitem', { name: 'Lucía Fernández (lucía@correo.mx)' });
    expect(
      within(screen.getByRole('listitem', { name: 'Paula Navarro (paula@correo.mx)' })).queryByRole('button', {
        name: 'Aprobar',
      }),
    ).toBeNull();
    fireEvent.click(within(lucia).getByRole('button', { name: 'Aprobar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar la solicitud de Lucía Fernández' });
    expect(within(dialog).getByRole('combobox', { name: /Vivienda/ })).toHaveProperty('value', 'Torre B - 901');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar y enviar invitación' }));
    expect(await screen.findByText('Solicitud aprobada: enviamos la invitación a lucía@correo.mx.')).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'Lucía Fernández (lucía@correo.mx)' })).getByText('Aprobada'),
    ).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Mateo Aguilar (mateo@correo.mx)' })).getByRole('button', { name: 'Aprobar' }),
    );
    const second = await screen.findByRole('dialog', { name: 'Aprobar la solicitud de Mateo Aguilar' });
    fireEvent.click(within(second).getByRole('button', { name: 'Aprobar y enviar invitación' }));
    expect(await screen.findByText('Esta solicitud ya fue rechazada.')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Mateo Aguilar (mateo@correo.mx)' })).getByText('Rechazada')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { id: 1, ApmtId: 201, kind: 'owner' },
      { id: 2, ApmtId: 201, kind: 'owner' },
    ]);
  });

  it('rejects with a message, which it requires', async () => {
    const sent = inbox({
      'POST /api/--configuracion/solicitudes/rechazar': {
        body: { success: true, request: request(2, 'Mateo Aguilar', { status: 'rechazada', decisionMessage: 'No vive aquí.' }) },
      },
    });
    renderWithApp(<AccessRequestsTab />);
    const mateo = await screen.findByRole('listitem', { name: 'Mateo Aguilar (mateo@correo.mx)' });
    fireEvent.click(within(mateo).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar la solicitud de Mateo Aguilar' });
    const confirm = within(dialog).getByRole('button', { name: 'Rechazar y enviar mensaje' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText(/^Mensaje/), { target: { value: 'No vive aquí.' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Solicitud rechazada: enviamos tu mensaje a mateo@correo.mx.')).toBeTruthy();
    expect(screen.getByText('Mensaje enviado: No vive aquí.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([{ id: 2, mensaje: 'No vive aquí.' }]);
  });
});

const TOKEN = 'Qm9uZGlhLXRva2VuLWZvci1hbi1pbnZpdGF0aW9u_x';
const INFO: InvitationInfo = {
  condoName: 'Residencial Las Palmas',
  email: 'lola@correo.mx',
  name: 'Lola Méndez',
  dwelling: 'Torre B - 901',
  kind: 'tenant',
  roles: [],
  existingUser: false,
};

describe('AcceptInvitationPage', () => {
  it('shows the condominium and the dwelling, and accepts with a new password', async () => {
    const sent = stubApi({
      'POST /api/--sesiones/invitacion': { body: { success: true, invitation: INFO } },
      'POST /api/--sesiones/aceptar-invitacion': { body: { success: true, token: 'session-token', productToken: 'p' } },
      'GET /api/--sesiones/session-data': { status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'no' } },
    });
    renderWithApp(<AcceptInvitationPage />, { path: `/aceptar-invitacion?token=${TOKEN}` });
    expect(await screen.findByText('Lola Méndez, te invitan a Residencial Las Palmas.')).toBeTruthy();
    expect(screen.getByText('Como inquilino de la vivienda Torre B - 901.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Aceptar invitación' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/, { selector: 'input' }), { target: { value: 'Nueva2026x' } });
    fireEvent.change(screen.getByLabelText(/^Confirma la contraseña nueva/, { selector: 'input' }), {
      target: { value: 'Nueva2026x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar invitación' }));
    expect(await screen.findByText('Entrando al condominio…')).toBeTruthy();
    expect(sent.filter((s) => s.path.endsWith('aceptar-invitacion')).map((s) => s.body)).toEqual([
      { token: TOKEN, password: 'Nueva2026x' },
    ]);
    // The session got the token and loads with it.
    await waitFor(() => expect(sent.some((s) => s.path === '/api/--sesiones/session-data')).toBe(true));
  });

  it('asks a person with an account for their password and shows a refusal in the server’s words', async () => {
    stubApi({
      'POST /api/--sesiones/invitacion': { body: { success: true, invitation: { ...INFO, existingUser: true } } },
      'POST /api/--sesiones/aceptar-invitacion': {
        status: 400,
        body: { success: false, code: 'BAD_REQUEST', field: 'password', message: 'La contraseña no es la de tu cuenta.' },
      },
    });
    renderWithApp(<AcceptInvitationPage />, { path: `/aceptar-invitacion?token=${TOKEN}` });
    expect(
      await screen.findByText('Ya tienes una cuenta con lola@correo.mx. Escribe tu contraseña para confirmar.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Tu contraseña/, { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar invitación' }));
    expect(await screen.findByText('La contraseña no es la de tu cuenta.')).toBeTruthy();
  });

  it('says why a link no longer works', async () => {
    stubApi({
      'POST /api/--sesiones/invitacion': {
        status: 400,
        body: {
          success: false,
          code: 'BAD_REQUEST',
          field: 'token',
          message: 'Este enlace de invitación venció. Pide a la administración que te la reenvíe.',
        },
      },
    });
    renderWithApp(<AcceptInvitationPage />, { path: `/aceptar-invitacion?token=${TOKEN}` });
    expect(await screen.findByText('Esta invitación ya no funciona')).toBeTruthy();
    expect(screen.getByText('Este enlace de invitación venció. Pide a la administración que te la reenvíe.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' }).getAttribute('href')).toBe('/signin');
  });
});
