// The guest form's and the pass's Spanish messages are the spec's, verbatim (§2.1 titles, §5, §8), and the
// browser's catalog says exactly what the server's refusals say.
import { describe, expect, it } from 'vitest';
import { GUEST_MESSAGES } from '../../src/api/guests';
import { readCatalog } from '../../src/i18n/node/readCatalog';

const es = readCatalog('es');

describe('guest and pass messages', () => {
  it('carry the spec’s strings verbatim', () => {
    expect(es['guest.title']).toBe('Formulario');
    expect(es['pass.title']).toBe('Invitacion');
    expect(es['pass.notFound']).toBe('El pase de acceso no fue encontrado o no es válido.');
    expect(GUEST_MESSAGES).toMatchObject({
      invalid: 'El link de registro es inválido, favor de verificarlo.',
      ended: 'El registro para este evento ya terminó.',
      cancelled: 'El evento fue cancelado, por favor contacta al organizador.',
      guestLimit: 'El evento ha llegado al límite de invitados.',
      vehicleLimit: 'No hay espacios de estacionamiento disponible. Entrada solo a pie.',
      nombreRequired: 'El nombre es requerido.',
      emailRequired: 'El correo electrónico es requerido.',
      emailInvalid: 'Correo electrónico inválido.',
      emailMismatch: 'Los correos electrónicos no coinciden.',
      placasRequired: 'Las placas del vehículo son requeridas.',
      accessRequired: 'Las forma de acceso es requerida.',
      apartmentRequired: 'La vivienda es requerida.',
      userRequired: 'El residente es requerido.',
    });
  });

  it('show in the browser what the server says', () => {
    for (const [key, message] of Object.entries(GUEST_MESSAGES)) expect(es[`guest.error.${key}`], key).toBe(message);
    for (const key of ['invalid', 'ended', 'cancelled', 'guestLimit'] as const)
      expect(es[`guest.${key}`]).toBe(GUEST_MESSAGES[key]);
    expect(es['guest.parkingFull']).toBe(GUEST_MESSAGES.vehicleLimit);
  });
});
