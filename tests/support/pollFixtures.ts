// Surveys and votes as the server answers them (src/api/polls.ts), shared by the poll machines' models and the
// poll screens' view tests: the EN section of Las Palmas, an open weighted votación on waterproofing the roofs
// (a sí / no / abstención question and a multiple choice of up to two suppliers), an open encuesta about the
// pool's hours, and the seats, results and answers around them. Times: the poll is read on 21 Nov 2026 at
// 12:00 in Mexico City (18:00 UTC); it opened on the 20th and closes on the 27th at 23:59.
import type {
  PollAnswer,
  PollDetail,
  PollResults,
  PollSeat,
  PollSectionInfo,
  PollSummary,
  PollsHomeAnswer,
  VoteAnswer,
} from '../../src/api/polls';

export const READ_AT = Date.parse('2026-11-21T18:00:00.000Z');
export const REFRESHED_AT = READ_AT + 15_000;
export const VOTED_AT = READ_AT + 60_000;
export const ZONE = 'America/Mexico_City';
/** READ_AT in the condominium's zone. */
export const NOW_LOCAL = '2026-11-21T12:00';

export const POLL_ID = 7;
export const SURVEY_ID = 8;
export const RECEIPT = 'K7Q2-9XMB-4TZ1';
export const OLD_RECEIPT = 'H3RT-8WQ5-0ZD2';

export const SECTION: PollSectionInfo = {
  SectId: 12,
  SectName: 'Votaciones y encuestas',
  SectPosting: 'A',
  VerResultados: 1,
  EnviarCopia: 1,
  TiempoMoroso: 60,
  MensajeConfirmacion: 'Gracias por participar en las decisiones de Las Palmas.',
};

export function home(overrides: Partial<PollsHomeAnswer> = {}): PollsHomeAnswer {
  return {
    success: true,
    secciones: [SECTION],
    zonaHoraria: ZONE,
    ahoraLocal: NOW_LOCAL,
    canCreate: false,
    proposeIn: [SECTION.SectId],
    canManage: false,
    ...overrides,
  };
}

export const ADMIN_HOME = home({ canCreate: true, proposeIn: [], canManage: true });

/** The questions of the votación: sí / no / abstención, then up to two of three suppliers. */
export const APPROVE = {
  id: 71,
  Texto: '¿Aprueban la cuota extraordinaria de $1,500 por vivienda para impermeabilizar?',
  tipo: 'sino' as const,
  maximo: null,
  opciones: [
    { id: 711, Texto: 'Sí', clave: 'si' },
    { id: 712, Texto: 'No', clave: 'no' },
    { id: 713, Texto: 'Abstención', clave: 'abstencion' },
  ],
};
export const SUPPLIERS = {
  id: 72,
  Texto: '¿A qué proveedores invitamos a cotizar?',
  tipo: 'multiple' as const,
  maximo: 2,
  opciones: [
    { id: 721, Texto: 'Impermeabilizantes del Norte', clave: null },
    { id: 722, Texto: 'Techos Seguros', clave: null },
    { id: 723, Texto: 'Cubiertas MX', clave: null },
  ],
};
/** The encuesta: one choice of hours, and a free text. */
export const HOURS = {
  id: 81,
  Texto: '¿Qué horario prefieres para la alberca?',
  tipo: 'unica' as const,
  maximo: null,
  opciones: [
    { id: 811, Texto: 'De 7 a 21 h', clave: null },
    { id: 812, Texto: 'De 9 a 22 h', clave: null },
  ],
};
export const COMMENTS = { id: 82, Texto: '¿Algún comentario?', tipo: 'abierta' as const, maximo: null, opciones: [] };

export function summary(overrides: Partial<PollSummary> = {}): PollSummary {
  return {
    PollId: POLL_ID,
    SectId: SECTION.SectId,
    Titulo: 'Impermeabilización de azoteas',
    tipo: 'votacion',
    conteo: 'indiviso',
    secreta: true,
    cambiable: false,
    quorum: 51,
    abre: '2026-11-20T15:00:00.000Z',
    cierra: '2026-11-28T05:59:00.000Z',
    estado: 'publicada',
    fase: 'abierta',
    motivo: null,
    PropuestoPor: null,
    haVotado: false,
    version: 3,
    ...overrides,
  };
}

export function detail(overrides: Partial<PollDetail> = {}): PollDetail {
  return {
    ...summary(),
    Descripcion: 'La asamblea del 8 de noviembre pidió votar la cuota y los proveedores antes de la temporada de lluvias.',
    preguntas: [APPROVE, SUPPLIERS],
    adjuntos: [{ id: 31, nombre: 'cotizacion.pdf', tipo: 'file', url: '/api/--encuestas/file/31?exp=1&sig=abc' }],
    seccion: SECTION,
    zonaHoraria: ZONE,
    fijadoEn: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export function seat(overrides: Partial<PollSeat> = {}): PollSeat {
  return {
    ApmtId: 101,
    Nombre: 'Torre A - 101',
    estado: 'puede',
    adeudo: null,
    dias: null,
    peso: 4_200,
    FechaVoto: null,
    recibo: null,
    respuestas: null,
    VotoDe: null,
    ...overrides,
  };
}

/** Torre A - 102, in arrears since before the poll opened: $12,345.00, 95 days. */
export const IN_ARREARS = seat({ ApmtId: 102, Nombre: 'Torre A - 102', estado: 'moroso', adeudo: 1_234_500, dias: 95 });

/** What a seat that voted shows (sí, and the first two suppliers). */
export const CAST = [
  { preguntaId: APPROVE.id, opciones: [711] },
  { preguntaId: SUPPLIERS.id, opciones: [721, 722] },
];
export const voted = (overrides: Partial<PollSeat> = {}) =>
  seat({ estado: 'votado', FechaVoto: '2026-11-21T15:30:00.000Z', recibo: OLD_RECEIPT, respuestas: CAST, ...overrides });

export const RESULTS: PollResults = {
  final: false,
  electorado: 250,
  electoradoPeso: 1_000_000,
  votantes: 120,
  votantesPeso: 512_300,
  participacion: 5_123,
  quorum: 51,
  quorumAlcanzado: true,
  preguntas: [
    {
      preguntaId: APPROVE.id,
      respuestas: 120,
      peso: 512_300,
      opciones: [
        { opcionId: 711, Texto: 'Sí', clave: 'si', votos: 80, peso: 350_000, porcentaje: 6_667, porcentajePeso: 6_832 },
        { opcionId: 712, Texto: 'No', clave: 'no', votos: 30, peso: 120_000, porcentaje: 2_500, porcentajePeso: 2_342 },
        {
          opcionId: 713,
          Texto: 'Abstención',
          clave: 'abstencion',
          votos: 10,
          peso: 42_300,
          porcentaje: 833,
          porcentajePeso: 826,
        },
      ],
      textos: [],
    },
    {
      preguntaId: SUPPLIERS.id,
      respuestas: 110,
      peso: 480_000,
      opciones: [
        {
          opcionId: 721,
          Texto: 'Impermeabilizantes del Norte',
          clave: null,
          votos: 70,
          peso: 300_000,
          porcentaje: 6_364,
          porcentajePeso: 6_250,
        },
        {
          opcionId: 722,
          Texto: 'Techos Seguros',
          clave: null,
          votos: 60,
          peso: 250_000,
          porcentaje: 5_455,
          porcentajePeso: 5_208,
        },
        { opcionId: 723, Texto: 'Cubiertas MX', clave: null, votos: 20, peso: 90_000, porcentaje: 1_818, porcentajePeso: 1_875 },
      ],
      textos: [],
    },
  ],
  pendientes: null,
  votos: null,
};

export function answer(overrides: Partial<PollAnswer> = {}, poll: Partial<PollDetail> = {}): PollAnswer {
  return {
    success: true,
    poll: detail(poll),
    asientos: [seat()],
    resultados: null,
    acciones: [],
    puedeEditar: false,
    borrador: null,
    ...overrides,
  };
}

/** A resident of two dwellings: 101 may vote, 102 is in arrears. */
export const OPEN = answer({ asientos: [seat(), IN_ARREARS] });
/** Votes may change until closing; 101 voted this morning. */
export const VOTED_CHANGEABLE = answer({ asientos: [voted()] }, { cambiable: true, haVotado: true });
/** Rosa (of the same dwelling) voted for 101; votes may not change. */
export const VOTED_BY_ROSA = answer(
  { asientos: [voted({ VotoDe: 'Rosa Hernández Díaz', respuestas: null })] },
  { haVotado: true },
);
export const CLOSED = answer(
  { asientos: [voted()], resultados: { ...RESULTS, final: true } },
  { estado: 'cerrada', fase: 'cerrada', cierra: '2026-11-21T17:00:00.000Z', haVotado: true },
);
export const UPCOMING = answer({}, { abre: '2026-11-25T15:00:00.000Z', fase: 'proxima', fijadoEn: null });
/** An administrator without a dwelling: no seat; the running results, who has not voted. */
export const NO_SEAT = answer({
  asientos: [],
  resultados: { ...RESULTS, pendientes: ['Torre A - 103', 'Torre B - 201'] },
  acciones: ['cerrar', 'extender', 'cancelar'],
});
/** The encuesta: one answer per person (no dwelling). */
export const SURVEY = answer(
  { asientos: [seat({ ApmtId: null, Nombre: 'Ana Martínez Ruiz', peso: null })] },
  {
    PollId: SURVEY_ID,
    Titulo: 'Horario de la alberca',
    tipo: 'encuesta',
    conteo: 'persona',
    secreta: false,
    quorum: null,
    preguntas: [HOURS, COMMENTS],
    adjuntos: [],
  },
);

/** The poll after a seat's vote: that seat voted with this receipt; the results it may now see. */
export function afterVote(before: PollAnswer, apmtId: number | null, respuestas: PollSeat['respuestas']): PollAnswer {
  return {
    ...before,
    poll: { ...before.poll, haVotado: true },
    asientos: before.asientos.map((s) =>
      s.ApmtId === apmtId
        ? { ...s, estado: 'votado', FechaVoto: new Date(VOTED_AT).toISOString(), recibo: RECEIPT, respuestas, VotoDe: null }
        : s,
    ),
    resultados: before.poll.tipo === 'votacion' ? RESULTS : null,
  };
}

export function voteAnswer(poll: PollAnswer, overrides: Partial<VoteAnswer> = {}): VoteAnswer {
  return {
    success: true,
    recibo: RECEIPT,
    FechaVoto: new Date(VOTED_AT).toISOString(),
    MensajeConfirmacion: SECTION.MensajeConfirmacion,
    copiaEnviada: true,
    cambio: false,
    poll,
    ...overrides,
  };
}
