// The live channel on screen (issue 30), the network stubbed at fetch: the bell reads itself again when a
// notification arrives (and not for another kind), without being opened; the shell's notice says when the channel
// polls instead of streaming, and nothing otherwise.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverLive, publishLiveStatus } from '../../src/services/liveService';
import { LiveStatusNotice } from '../../src/views/common/LiveChannel';
import { NotificationsPanel } from '../../src/views/communication/NotificationsPanel';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  publishLiveStatus(null);
});

const LATEST = '/api/--notificaciones/latest';

describe('the bell on the live channel', () => {
  it('reads the unread total again when a notification arrives, not for other kinds', async () => {
    let unread = 0;
    const api = stubApi(sessionFor('resident'), { [LATEST]: () => json({ success: true, items: [], unread }) });
    signedIn(<NotificationsPanel />, '/comunicacion');
    expect(await screen.findByRole('button', { name: 'Notificaciones, 0 sin leer' })).toBeTruthy();
    const reads = () => api.calls.filter((c) => c.path === LATEST).length;
    expect(reads()).toBe(1);
    unread = 1;
    act(() => deliverLive({ id: 8, type: 'ticket', data: { ticketId: 3 } }));
    expect(reads()).toBe(1);
    act(() => deliverLive({ id: 9, type: 'notification', data: { modulo: 'mensaje' } }));
    expect(await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' })).toBeTruthy();
    expect(reads()).toBe(2);
  });
});

describe('LiveStatusNotice', () => {
  it('says the screens update every minute while the channel polls, and nothing while it streams', async () => {
    stubApi(sessionFor('resident'));
    signedIn(<LiveStatusNotice />, '/comunicacion');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => publishLiveStatus('polling'));
    expect((await screen.findByRole('status')).textContent).toBe('Sin conexión en vivo, actualizando cada minuto');
    act(() => publishLiveStatus('live'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
