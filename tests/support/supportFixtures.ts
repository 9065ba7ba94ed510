// The support chat (issue 30) as the contract shapes it, for the machines' models, their suites and the view tests:
// the boot data of an administrator of Las Palmas, the desk's hours (open, and away), messages of both sides,
// the desk's list and one conversation, canned answers and settings. Plain values: no database, no runner.
import type {
  SupportBootAnswer,
  SupportBootRequest,
  SupportCanned,
  SupportChatAnswer,
  SupportConversationSummary,
  SupportDeskConversationAnswer,
  SupportDeskListAnswer,
  SupportHours,
  SupportMessage,
  SupportSettings,
} from '../../src/api/support';

export const BOOT: SupportBootRequest = {
  UserId: 7,
  UserName: 'Ana Martínez Ruiz',
  UserEmail: 'admin@demo.mx',
  user_hash: 'a'.repeat(64),
  AptId: 1001,
  CondoId: 1,
  CondoName: 'Residencial Las Palmas',
  CondoStatus: 'A',
};

const WEEKDAY = { abre: '09:00', cierra: '18:00' };
export const OPEN_HOURS: SupportHours = {
  disponible: true,
  mensajeAusencia: null,
  timeZone: 'America/Mexico_City',
  dias: [WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, null, null],
};
export const AWAY_HOURS: SupportHours = { ...OPEN_HOURS, disponible: false, mensajeAusencia: 'Volvemos el lunes a las 9.' };

export const AGENT = { id: 1, nombre: 'Lucía Campos (Soporte)', email: 'soporte@demo.mx', language: 'es' as const };
export const OTHER_AGENT = { id: 2, nombre: 'Mario Soporte' };

/** Two minutes apart from 10:00 on 4 March 2026 (UTC). */
export const at = (id: number) => new Date(Date.UTC(2026, 2, 4, 16, 0) + id * 120_000).toISOString();

/** A message; `mio` from the reader's side (the administration's in the panel, support's at the desk). */
export const supportMessage = (id: number, lado: 'admin' | 'soporte', mio: boolean, Texto = `Mensaje ${id}`): SupportMessage => ({
  id,
  lado,
  mio,
  autor: lado === 'admin' ? 'Ana Martínez Ruiz' : AGENT.nombre,
  Texto,
  adjuntos: [],
  Enviado: at(id),
  Leido: null,
});

export const BOOTED: SupportBootAnswer = { success: true, noLeidos: 2, horario: OPEN_HOURS };

/** The panel's first page: 30 messages, 40 down to 11, more before them; the administration wrote the odd ones. */
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
export const CHAT: SupportChatAnswer = {
  success: true,
  estado: 'esperando',
  messages: range(40, 11).map((id) => supportMessage(id, id % 2 ? 'admin' : 'soporte', id % 2 === 1)),
  hayMas: true,
  horario: OPEN_HOURS,
};
export const OLDER_CHAT: SupportChatAnswer = {
  ...CHAT,
  messages: range(10, 1).map((id) => supportMessage(id, id % 2 ? 'admin' : 'soporte', id % 2 === 1)),
  hayMas: false,
};
export const EMPTY_CHAT: SupportChatAnswer = { success: true, estado: null, messages: [], hayMas: false, horario: AWAY_HOURS };

export const SUMMARY: SupportConversationSummary = {
  id: 5,
  CondoId: 1,
  CondoName: 'Residencial Las Palmas',
  CondoStatus: 'A',
  estado: 'abierta',
  asignada: null,
  ultimoMensaje: 'No puedo importar viviendas',
  ultimaFecha: at(3),
  noLeidos: 1,
  version: 1,
};

export const DESK_LIST: SupportDeskListAnswer = {
  success: true,
  items: [
    SUMMARY,
    { ...SUMMARY, id: 6, CondoId: 2, CondoName: 'Torres del Bosque', estado: 'abierta', noLeidos: 0, ultimoMensaje: 'Gracias' },
  ],
  total: 2,
  condos: [
    { CondoId: 1, CondoName: 'Residencial Las Palmas' },
    { CondoId: 2, CondoName: 'Torres del Bosque' },
  ],
  porEstado: { abierta: 2, esperando: 0, cerrada: 1 },
  noLeidos: 1,
};

export const DESK_CONVERSATION: SupportDeskConversationAnswer = {
  success: true,
  conversation: { ...SUMMARY, noLeidos: 0 },
  contactos: [
    {
      UserId: 7,
      UserName: 'Ana Martínez Ruiz',
      UserEmail: 'admin@demo.mx',
      AptName: 'Torre A - 1001',
      verificado: true,
      visto: at(3),
    },
  ],
  messages: [
    supportMessage(3, 'admin', false, 'No puedo importar viviendas'),
    supportMessage(2, 'soporte', true, 'Hola'),
    supportMessage(1, 'admin', false),
  ],
  hayMas: true,
  agentes: [{ id: AGENT.id, nombre: AGENT.nombre }, OTHER_AGENT],
};

export const CANNED: SupportCanned[] = [
  { id: 1, titulo: 'Saludo', texto: 'Hola, gracias por escribirnos.', actualizada: at(0) },
  { id: 2, titulo: 'Restablecer contraseña', texto: 'Usa ¿Olvidaste tu contraseña?', actualizada: at(0) },
];

export const SETTINGS: SupportSettings = { timeZone: 'America/Mexico_City', dias: OPEN_HOURS.dias, mensajeAusencia: '' };
