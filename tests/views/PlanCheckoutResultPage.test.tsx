// The plan's result page (issue 28, trial pay link), the network stubbed at fetch: paid names the plan and the day
// it covers until with the way back to the condominium; waiting for the provider; failed and expired offer the plans
// again; another condominium's (404) is not found. Phone and desktop. Also: the plan's notification opens it.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { notificationTarget } from '../../src/api/notifications';
import type { PlanCheckout } from '../../src/api/pricing';
import PlanCheckoutResultPage from '../../src/views/pricing/PlanCheckoutResultPage';
import { json } from '../support/http';
import { PLAN_CHECKOUTS } from '../support/planCheckoutFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  useViewport('desktop');
});

const ID = PLAN_CHECKOUTS.created.id;
const READ_PATH = `/api/--planes/contratacion/${ID}`;

function openResult(answer: () => Response) {
  const stub = stubApi(sessionFor('admin'), { [READ_PATH]: answer });
  const { location } = signedIn(
    <Route path="/precios-y-planes/contratacion/:id" component={PlanCheckoutResultPage} />,
    `/precios-y-planes/contratacion/${ID}`,
  );
  return Object.assign(stub, { location });
}
const answer = (checkout: PlanCheckout) => () => json({ success: true, data: checkout });

describe('PlanCheckoutResultPage', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`says the plan is active until the paid day, with the way back to the condominium (${viewport})`, async () => {
      useViewport(viewport);
      const { location } = openResult(answer(PLAN_CHECKOUTS.paid));
      expect(await screen.findByText('¡Listo! Tu plan Profesional está activo hasta el 1 de junio de 2027.')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Contratación del plan Profesional' })).toBeTruthy();
      expect(screen.getByText('Total: $24,900.00 (anual)')).toBeTruthy();
      const back = screen.getByRole('link', { name: 'Ir a mi condominio' });
      expect(back.getAttribute('href')).toBe('/condominio');
      fireEvent.click(back);
      expect(location.history.at(-1)).toBe('/condominio');
    });
  }

  it('waits for the provider’s confirmation, reading again until it is paid', async () => {
    let reads = 0;
    openResult(() => {
      reads++;
      return json({ success: true, data: reads === 1 ? PLAN_CHECKOUTS.created : PLAN_CHECKOUTS.paid });
    });
    expect(await screen.findByText('Esperando la confirmación del proveedor de pagos…')).toBeTruthy();
    expect(await screen.findByText(/Tu plan Profesional está activo/, undefined, { timeout: 6_000 })).toBeTruthy();
    expect(reads).toBe(2);
  }, 10_000);

  it('says a failed payment in the provider’s words and offers the plans again', async () => {
    openResult(answer(PLAN_CHECKOUTS.failed));
    expect(await screen.findByText('El pago no se completó')).toBeTruthy();
    expect(screen.getByText('Tarjeta rechazada por el banco emisor.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Elegir otra vez' }).getAttribute('href')).toBe('/precios-y-planes');
  });

  it('says an expired page and offers the plans again', async () => {
    openResult(answer(PLAN_CHECKOUTS.expired));
    expect(await screen.findByText('La página de pago expiró sin recibir el pago.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Elegir otra vez' }).getAttribute('href')).toBe('/precios-y-planes');
  });

  it('says another condominium’s (or no) checkout is not found', async () => {
    openResult(() => json({ success: false, code: 'NOT_FOUND', message: 'No encontramos esa contratación.' }, 404));
    expect(await screen.findByText('No encontramos esa contratación.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver los planes' }).getAttribute('href')).toBe('/precios-y-planes');
  });

  it('is what the plan’s notification opens ("~": top-level, from inside the /condominio nest)', () => {
    expect(notificationTarget({ Modulo: 'plan', Props: JSON.stringify({ planCheckoutId: ID }) })).toBe(
      `~/precios-y-planes/contratacion/${ID}`,
    );
    expect(notificationTarget({ Modulo: 'plan', Props: '{}' })).toBeNull();
  });
});
