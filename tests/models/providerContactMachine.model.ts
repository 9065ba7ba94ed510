// The payment-provider contact dialog (Panel del administrador) as a test model: the form filled one
// field at a time in a fixed order, the answers of the contact call, and the words its scenarios are told
// in (docs/scenarios/providerContactMachine.md). The browser walk (tests/e2e/providerContactMachine.walk.spec.ts)
// walks the same model.
import type { EventObject } from 'xstate';
import type { ContactFormField, ProviderContactForm } from '../../src/api/providerContact';
import { providerContactMachine } from '../../src/machines/providerContactMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const CONTACT_TODAY = '2026-06-15';
export const CONTACT_INPUT = { today: CONTACT_TODAY, nombre: 'Ana Martínez Ruiz' };

/** A form that passes both tabs' rules (the name comes from the input). */
export const FILLED = {
  telefono: '5512345678',
  prefieresContacto: 'whatsapp',
  fechaContacto: CONTACT_TODAY,
  horarioTentativo: '10:00',
} as const;

/**
 * The order the form is filled in, one change per step: each step adds one rule's field, so every stage
 * shows what is still missing. A phone of 6 digits comes before the right one (the dialog says it wants
 * 10); the preference, only on 'llamar' as on screen, comes last, so a meeting can be sent before a call.
 */
export const FILL: { field: ContactFormField; value: string }[] = [
  { field: 'fechaContacto', value: CONTACT_TODAY },
  { field: 'horarioTentativo', value: '10:00' },
  { field: 'telefono', value: '551234' },
  { field: 'telefono', value: FILLED.telefono },
  { field: 'prefieresContacto', value: FILLED.prefieresContacto },
];

type Fields = Omit<ProviderContactForm, 'nombre'>;
const EMPTY: Fields = { telefono: '', prefieresContacto: null, fechaContacto: null, horarioTentativo: null };
/** The form after each step of FILL: FORMS[0] empty, FORMS[FILL.length] filled. */
const FORMS: Fields[] = [EMPTY];
for (const step of FILL) FORMS.push({ ...FORMS.at(-1)!, [step.field]: step.value });
const fieldsOf = ({ nombre: _, ...fields }: ProviderContactForm): Fields => fields;

/** How many steps of FILL the form has taken (-1 for a form off the sequence). */
export const fillStage = (form: ProviderContactForm) =>
  FORMS.findIndex((stage) => JSON.stringify(stage) === JSON.stringify(fieldsOf(form)));

const FIELD_NAMES: Record<ContactFormField, string> = {
  nombre: 'Nombre',
  telefono: 'Teléfono (10 dígitos)',
  prefieresContacto: '¿Cómo prefieres que te contactemos?',
  fechaContacto: 'Fecha de contacto',
  horarioTentativo: 'Horario tentativo',
};
const TAB_NAMES = { agendar: 'Agendar', llamar: 'WhatsApp o llamada' };

export const providerContactModel = defineModel({
  machine: providerContactMachine,
  input: CONTACT_INPUT,
  // `change:telefono`, `open:llamar`: the field or tab, not the value, tells the browser's steps apart.
  label: (event: EventObject) => {
    const e = event as EventObject & { tab?: string; field?: string };
    return e.tab || e.field ? [e.type, e.tab, e.field].filter(Boolean).join(':') : eventLabel(event);
  },
  payloads: {
    open: [{ tab: 'agendar' }, { tab: 'llamar' }],
    switchTab: [{ tab: 'agendar' }, { tab: 'llamar' }],
    change: (s) => {
      const next = FILL[fillStage(s.context.form)];
      if (!next || (next.field === 'prefieresContacto' && !s.matches({ open: 'llamar' }))) return [];
      return [next];
    },
    submit: BARE,
    close: BARE,
    dismiss: BARE,
    'xstate.done.actor.sendContact': [{ output: undefined }],
    'xstate.error.actor.sendContact': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      closed: 'Panel del administrador with “Cobra las cuotas en línea”, Agendar una reunión and Que me contacten; no dialog.',
      open: 'The dialog Contacto con el proveedor de pagos: tabs Agendar and WhatsApp o llamada, Nombre, Teléfono (10 dígitos), Cancelar, and Enviar enabled only while the tab’s form is complete.',
      'open.agendar': 'The Agendar tab: Día de la reunión on a calendar from today, and the Horario tentativo slots.',
      'open.llamar': 'The WhatsApp o llamada tab: WhatsApp or Llamada, Fecha de contacto, and the Horario tentativo slots.',
      sending: 'Enviar shows it is sending.',
      result: 'The form has closed; a small dialog says how it went, with Aceptar.',
      'result.success': 'The dialog Éxito: “Información recibida con éxito”.',
      'result.failure': 'The dialog Error: “Ocurrió un error inesperado”.',
    },
    events: {
      open: (e) => `presses ${e.tab === 'agendar' ? 'Agendar una reunión' : 'Que me contacten'}`,
      switchTab: (e) => `switches to the ${TAB_NAMES[e.tab as keyof typeof TAB_NAMES]} tab`,
      change: (e, before) => {
        if (e.field === 'fechaContacto') {
          return `chooses today (${e.value}) in ${before.matches({ open: 'agendar' }) ? 'Día de la reunión' : 'Fecha de contacto'}`;
        }
        if (e.field === 'telefono') return `types “${e.value}” in Teléfono (10 dígitos)`;
        return `chooses ${e.value === 'whatsapp' ? 'WhatsApp' : e.value} in ${FIELD_NAMES[e.field as ContactFormField]}`;
      },
      submit: () => 'presses Enviar',
      close: () => 'presses Cancelar',
      dismiss: () => 'presses Aceptar',
      'xstate.done.actor.sendContact': () => 'the server stores the request and mails it to the provider',
      'xstate.error.actor.sendContact': () => 'the connection fails',
    },
  },
});
