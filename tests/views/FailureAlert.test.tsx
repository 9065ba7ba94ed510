// How a failed call reads (src/views/common/FailureAlert.tsx; issue 28, "a refusal read as a network failure"): no
// answer says "no connection" and offers Reintentar; a refusal says the server's words ("No tienes permiso…") and
// offers no Reintentar, which would only be refused again; a breakdown or a conflict may pass, so it offers one.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CallFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { FailureAlert } from '../../src/views/common/FailureAlert';
import { renderWithApp } from '../support/views/renderWithApp';

const refused = (status: number, message: string): CallFailure => ({
  kind: 'refused',
  status,
  code: status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'INTERNAL',
  message,
  messageId: null,
  field: null,
});

function show(failure: CallFailure) {
  renderWithApp(<FailureAlert failure={failure} title="No pudimos cargar tus invitados" onRetry={() => {}} />);
  return screen.getByRole('alert');
}

describe('FailureAlert', () => {
  it('says there is no connection and offers Reintentar when no answer came', async () => {
    const alert = show(NETWORK_FAILURE);
    expect(alert.textContent).toContain('Revisa tu conexión');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  for (const status of [403, 404]) {
    it(`says the server's refusal (${status}) and offers no Reintentar`, async () => {
      const alert = show(refused(status, 'No tienes permiso para esta acción.'));
      expect(alert.textContent).toContain('No tienes permiso para esta acción.');
      expect(alert.textContent).not.toContain('conexión');
      expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    });
  }

  for (const status of [409, 429, 503]) {
    it(`offers Reintentar after a ${status}, which may pass`, async () => {
      show(refused(status, 'Inténtalo más tarde.'));
      expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    });
  }
});
