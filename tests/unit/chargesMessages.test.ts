// The spec's Spanish words for the recurring charges and the provider contact dialogs (§5, §8) are the
// ones the screens show and the server answers, verbatim.
import { describe, expect, it } from 'vitest';
import { CONTACT_FAILURE, CONTACT_SUCCESS } from '../../src/api/providerContact';
import { AMOUNT_INVALID_MESSAGE, CANCEL_QUESTION } from '../../src/api/recurringCharges';
import { readCatalog } from '../../src/i18n/node/readCatalog';

const es = readCatalog('es');

describe('money dialogs in Spanish', () => {
  it('carry the spec’s strings verbatim', () => {
    expect(AMOUNT_INVALID_MESSAGE).toBe('Ingresa un monto válido mayor a 0');
    expect(CANCEL_QUESTION).toBe('Deseas cancelar esta domiciliación?');
    expect(es['charges.invalidAmount']).toBe(AMOUNT_INVALID_MESSAGE);
    expect(es['charges.confirmQuestion']).toBe(CANCEL_QUESTION);
    expect(CONTACT_SUCCESS).toEqual({ title: 'Éxito', message: 'Información recibida con éxito' });
    expect(CONTACT_FAILURE).toEqual({ title: 'Error', message: 'Ocurrió un error inesperado' });
    expect([es['charges.successTitle'], es['charges.successMessage']]).toEqual([CONTACT_SUCCESS.title, CONTACT_SUCCESS.message]);
    expect([es['charges.errorTitle'], es['charges.errorMessage']]).toEqual([CONTACT_FAILURE.title, CONTACT_FAILURE.message]);
    expect(es['charges.menuEntry']).toBe('Cargos automáticos');
  });
});
