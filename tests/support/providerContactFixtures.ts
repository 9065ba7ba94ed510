// The events the provider contact dialog's model offers, headless and in Chromium: opening on either tab,
// switching, filling each field with a valid value (and the phone with too few digits), submitting,
// closing, and the answers of the call.
import type { ModelEvent } from './modelTesting';

export const CONTACT_TODAY = '2026-06-15';
export const CONTACT_INPUT = { today: CONTACT_TODAY, nombre: 'Ana Martínez Ruiz' };

export const FILLED = {
  telefono: '5512345678',
  prefieresContacto: 'whatsapp',
  fechaContacto: CONTACT_TODAY,
  horarioTentativo: '10:00',
} as const;

export function providerContactEvents(snapshot: { matches(value: unknown): boolean }): ModelEvent[] {
  if (snapshot.matches('sending')) {
    return [
      { type: 'xstate.done.actor.sendContact', output: undefined },
      { type: 'xstate.error.actor.sendContact', error: new Error('Failed to fetch') },
    ];
  }
  return [
    { type: 'open', tab: 'agendar' },
    { type: 'open', tab: 'llamar' },
    { type: 'switchTab', tab: 'agendar' },
    { type: 'switchTab', tab: 'llamar' },
    { type: 'change', field: 'telefono', value: '551234' },
    ...Object.entries(FILLED).map(([field, value]) => ({ type: 'change', field, value })),
    { type: 'submit' },
    { type: 'close' },
    { type: 'dismiss' },
  ];
}
