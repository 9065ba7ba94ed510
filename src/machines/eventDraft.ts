// The event editor's form and its rules: what the administrator types (wall-clock 'YYYY-MM-DDTHH:mm' in the
// condominium's zone, as the server reads EventDraft), the problems shown once sending is tried (message ids of
// calendar.json), and the EventDraft sent, trimmed.
import {
  type CalendarEvent,
  EVENT_PLACE_MAX,
  EVENT_TEXT_MAX,
  EVENT_TITLE_MAX,
  type EventDraft,
  eventDraftProblems,
} from '../api/calendar';
import { EVENT_MAX_COMPANIONS, EVENT_MAX_GUESTS } from '../api/myGuests';

export interface EventForm {
  sectionId: number;
  tipo: 'evento' | 'asamblea';
  Titulo: string;
  Descripcion: string;
  Lugar: string;
  inicio: string;
  fin: string;
  /** Attach a guest registration link. */
  conInvitados: boolean;
  acompanantes: number;
  /** null: no limit. */
  limiteInvitados: number | null;
}

export type EventFormField = keyof EventForm;
export type EventFormProblems = Partial<
  Record<'Titulo' | 'Descripcion' | 'Lugar' | 'inicio' | 'fin' | 'acompanantes' | 'limiteInvitados', string>
>;

const wholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A new event: the first section, tomorrow (from the condominium's local now) 18:00 to 20:00. */
export function blankForm(sectionId: number, ahoraLocal: string): EventForm {
  const tomorrow = new Date(Date.parse(`${ahoraLocal.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    sectionId,
    tipo: 'evento',
    Titulo: '',
    Descripcion: '',
    Lugar: '',
    inicio: `${tomorrow}T18:00`,
    fin: `${tomorrow}T20:00`,
    conInvitados: false,
    acompanantes: 0,
    limiteInvitados: null,
  };
}

/** An event as the form that edits it. */
export function formOf(event: CalendarEvent): EventForm {
  return {
    sectionId: event.SectId,
    tipo: event.tipo,
    Titulo: event.Titulo,
    Descripcion: event.Descripcion,
    Lugar: event.Lugar,
    inicio: event.inicioLocal.slice(0, 16),
    fin: event.finLocal.slice(0, 16),
    conInvitados: event.invitados !== null,
    acompanantes: event.invitados?.acompanantes ?? 0,
    limiteInvitados: event.invitados?.limiteInvitados ?? null,
  };
}

export function formProblems(form: EventForm): EventFormProblems {
  const problems: EventFormProblems = {};
  const title = form.Titulo.trim();
  if (!title) problems.Titulo = 'calendar.error.required';
  else if (title.length > EVENT_TITLE_MAX) problems.Titulo = 'calendar.error.tooLong';
  if (form.Descripcion.trim().length > EVENT_TEXT_MAX) problems.Descripcion = 'calendar.error.tooLong';
  if (form.Lugar.trim().length > EVENT_PLACE_MAX) problems.Lugar = 'calendar.error.tooLong';
  if (!LOCAL_DATE_TIME.test(form.inicio)) problems.inicio = 'calendar.error.required';
  if (!LOCAL_DATE_TIME.test(form.fin)) problems.fin = 'calendar.error.required';
  if (!problems.inicio && !problems.fin) Object.assign(problems, eventDraftProblems(form));
  if (form.conInvitados) {
    if (!wholeIn(form.acompanantes, 0, EVENT_MAX_COMPANIONS)) problems.acompanantes = 'calendar.error.companions';
    if (form.limiteInvitados !== null && !wholeIn(form.limiteInvitados, 1, EVENT_MAX_GUESTS))
      problems.limiteInvitados = 'calendar.error.guestLimit';
  }
  return problems;
}

export const formValid = (form: EventForm) => Object.keys(formProblems(form)).length === 0;

export function draftOf(form: EventForm): EventDraft {
  return {
    sectionId: form.sectionId,
    tipo: form.tipo,
    Titulo: form.Titulo.trim(),
    Descripcion: form.Descripcion.trim(),
    Lugar: form.Lugar.trim(),
    inicio: form.inicio,
    fin: form.fin,
    invitados: form.conInvitados ? { acompanantes: form.acompanantes, limiteInvitados: form.limiteInvitados } : null,
  };
}
