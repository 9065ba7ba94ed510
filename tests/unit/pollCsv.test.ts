// A poll's results as CSV (issue 14): BOM, the header block in the reader's language with times on the
// condominium's clock, one row per option with percentages and indiviso shares written in integer
// arithmetic, free-text answers, and cells a user typed kept from running as formulas.
import { describe, expect, it } from 'vitest';
import { percentText, pollCsv, shareText, zoneDateTime } from '../../server/domain/polls/pollCsv';
import { type TallyBallot, type TallyInput, tallyPoll } from '../../server/domain/polls/tally';
import type { PollDetail, PollQuestion, PollResults } from '../../src/api/polls';

const presupuesto: PollQuestion = {
  id: 1,
  Texto: '¿Aprueba el presupuesto 2026?',
  tipo: 'sino',
  maximo: null,
  opciones: [
    { id: 11, Texto: 'Sí', clave: 'si' },
    { id: 12, Texto: 'No', clave: 'no' },
    { id: 13, Texto: 'Abstención', clave: 'abstencion' },
  ],
};
const mejoras: PollQuestion = {
  id: 2,
  Texto: 'Mejoras',
  tipo: 'unica',
  maximo: null,
  opciones: [
    { id: 21, Texto: '=HYPERLINK("http://x")', clave: null },
    { id: 22, Texto: 'Pintura, fachada', clave: null },
  ],
};

function pollOf(overrides: Partial<PollDetail> = {}): PollDetail {
  return {
    PollId: 7,
    SectId: 3,
    Titulo: 'Asamblea ordinaria 2026',
    tipo: 'votacion',
    conteo: 'indiviso',
    secreta: true,
    cambiable: false,
    quorum: 51,
    // 09:00 and 18:30 in Mexico City (UTC-6 all year since 2022).
    abre: '2026-03-01T15:00:00.000Z',
    cierra: '2026-03-08T00:30:00.000Z',
    estado: 'cerrada',
    fase: 'cerrada',
    motivo: null,
    PropuestoPor: null,
    haVotado: false,
    version: 3,
    Descripcion: '',
    preguntas: [presupuesto, mejoras],
    adjuntos: [],
    seccion: {
      SectId: 3,
      SectName: 'Asambleas',
      SectPosting: 'R',
      VerResultados: 1,
      EnviarCopia: 0,
      TiempoMoroso: 0,
      MensajeConfirmacion: null,
    },
    zonaHoraria: 'America/Mexico_City',
    fijadoEn: '2026-03-01T15:00:00.000Z',
    ...overrides,
  };
}

const tallyQuestions = (poll: PollDetail): TallyInput['questions'] =>
  poll.preguntas.map((q) => ({ id: q.id, tipo: q.tipo, options: q.opciones }));

/** 101 (45.5 %) and 102 (20 %) vote yes, 103 (34.5 %) no; 101 and 103 choose an improvement. */
function resultsOf(poll: PollDetail): PollResults {
  const ballots: TallyBallot[] = [
    {
      seatKey: '101',
      choices: [
        { questionId: 1, optionIds: [11], text: null },
        { questionId: 2, optionIds: [21], text: null },
      ],
    },
    { seatKey: '102', choices: [{ questionId: 1, optionIds: [11], text: null }] },
    {
      seatKey: '103',
      choices: [
        { questionId: 1, optionIds: [12], text: null },
        { questionId: 2, optionIds: [22], text: null },
      ],
    },
  ];
  const electorate = [
    { seatKey: '101', name: 'Torre A - 101', weight: 455_000, barred: false },
    { seatKey: '102', name: 'Torre A - 102', weight: 200_000, barred: false },
    { seatKey: '103', name: 'Torre A - 103', weight: 345_000, barred: false },
  ];
  return tallyPoll(
    { conteo: poll.conteo, quorum: poll.quorum, questions: tallyQuestions(poll), electorate, ballots },
    { final: poll.estado !== 'publicada', showPending: true, publicBallot: !poll.secreta },
  );
}

const linesOf = (csv: string) => csv.slice(1).split('\r\n');

describe('the written numbers and times', () => {
  it('writes basis points with two decimals and parts per million as a percent with four', () => {
    expect([0, 5, 4550, 6667, 10_000].map(percentText)).toEqual(['0.00 %', '0.05 %', '45.50 %', '66.67 %', '100.00 %']);
    expect([0, 1, 123_456, 333_334, 1_000_000].map(shareText)).toEqual([
      '0.0000 %',
      '0.0001 %',
      '12.3456 %',
      '33.3334 %',
      '100.0000 %',
    ]);
  });

  it('writes an instant on the condominium’s clock as DD/MM/YYYY hh:mm A', () => {
    expect(zoneDateTime('2026-03-01T15:00:00.000Z', 'America/Mexico_City')).toBe('01/03/2026 09:00 AM');
    expect(zoneDateTime('2026-03-08T00:30:00.000Z', 'America/Mexico_City')).toBe('07/03/2026 06:30 PM');
    expect(zoneDateTime('2026-03-08T06:05:00.000Z', 'America/Mexico_City')).toBe('08/03/2026 12:05 AM');
    expect(zoneDateTime('2026-07-01T18:00:00.000Z', 'America/Cancun')).toBe('01/07/2026 01:00 PM');
  });
});

describe('pollCsv', () => {
  it('starts with a BOM and a header block saying how the poll counted and whether the quorum was met', () => {
    const poll = pollOf();
    const csv = pollCsv({ poll, results: resultsOf(poll), language: 'es' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(linesOf(csv).slice(0, 13)).toEqual([
      'Acta de resultados',
      'Título,Asamblea ordinaria 2026',
      'Tipo,Votación',
      'Conteo,Ponderada por indiviso',
      'Voto,Secreto',
      'Apertura,01/03/2026 09:00 AM',
      'Cierre,07/03/2026 06:30 PM',
      'Estado,Cerrada el 07/03/2026 06:30 PM',
      'Padrón,3,100.0000 %',
      'Participantes,3,100.0000 %',
      'Participación,100.00 %',
      'Quórum,Quórum requerido: 51 %,Quórum alcanzado',
      '',
    ]);
  });

  it('gives one row per option with votes, percentage, indiviso share and weighted percentage', () => {
    const poll = pollOf();
    const lines = linesOf(pollCsv({ poll, results: resultsOf(poll), language: 'es' }));
    const table = lines.slice(lines.indexOf('') + 1);
    expect(table).toEqual([
      'Pregunta,Opción,Votos,Porcentaje,Peso,Porcentaje ponderado',
      // Yes: 2 of 3 heads (66.67 %), 65.5 % of the indiviso; no: 34.5 %.
      '¿Aprueba el presupuesto 2026?,Sí,2,66.67 %,65.5000 %,65.50 %',
      '¿Aprueba el presupuesto 2026?,No,1,33.33 %,34.5000 %,34.50 %',
      '¿Aprueba el presupuesto 2026?,Abstención,0,0.00 %,0.0000 %,0.00 %',
      // Of the 80 % that answered: 45.5 / 80 = 56.875 % → 56.88 %, 34.5 / 80 = 43.125 % → 43.13 %.
      `Mejoras,"'=HYPERLINK(""http://x"")",1,50.00 %,45.5000 %,56.88 %`,
      'Mejoras,"Pintura, fachada",1,50.00 %,34.5000 %,43.13 %',
      '',
    ]);
  });

  it('speaks the reader’s language, counts seats as plain numbers, and reports partial results and no quorum', () => {
    const poll = pollOf({ conteo: 'vivienda', quorum: null, estado: 'publicada', fase: 'abierta', secreta: false });
    const lines = linesOf(pollCsv({ poll, results: resultsOf(poll), language: 'en' }));
    expect(lines).toContain('Counting,One vote per dwelling');
    expect(lines).toContain('Ballot,Public');
    expect(lines).toContain('Status,Partial results');
    expect(lines).toContain('Electorate,3');
    expect(lines).toContain('Quorum,No quorum required');
    expect(lines).toContain('Question,Option,Votes,Percentage,Weight,Weighted percentage');
    expect(lines).toContain('¿Aprueba el presupuesto 2026?,Yes,2,66.67 %,2,66.67 %');
    expect(lines).toContain('¿Aprueba el presupuesto 2026?,Abstention,0,0.00 %,0,0.00 %');
  });

  it('neutralises a title that looks like a formula and lists free-text answers one per row', () => {
    const opinion: PollQuestion = { id: 5, Texto: '¿Qué mejorarías?', tipo: 'abierta', maximo: null, opciones: [] };
    const poll = pollOf({
      tipo: 'encuesta',
      conteo: 'persona',
      quorum: 10,
      Titulo: '+Encuesta de servicios',
      preguntas: [opinion],
    });
    const results = tallyPoll(
      {
        conteo: 'persona',
        quorum: 10,
        questions: tallyQuestions(poll),
        electorate: ['Ana', 'Beto', 'Carla'].map((name) => ({ seatKey: name, name, weight: 1, barred: false })),
        ballots: [
          { seatKey: 'Ana', choices: [{ questionId: 5, optionIds: [], text: '@todos: más luz' }] },
          { seatKey: 'Beto', choices: [{ questionId: 5, optionIds: [], text: 'Zona de juegos' }] },
        ],
      },
      { final: true, showPending: true, publicBallot: false },
    );
    const lines = linesOf(pollCsv({ poll, results, language: 'es' }));
    expect(lines).toContain("Título,'+Encuesta de servicios");
    expect(lines).toContain('Tipo,Encuesta');
    expect(lines).toContain('Conteo,Una respuesta por persona');
    expect(lines).toContain('Participación,66.67 %');
    // Sorted as Spanish sorts (punctuation aside), whoever wrote them.
    expect(lines.slice(-3)).toEqual(["¿Qué mejorarías?,'@todos: más luz", '¿Qué mejorarías?,Zona de juegos', '']);
  });

  it('says a cancelled poll was cancelled and why, and whether the quorum failed', () => {
    const poll = pollOf({ estado: 'cancelada', fase: 'cancelada', motivo: 'Se pospuso la asamblea', quorum: 100 });
    const results = { ...resultsOf(poll), participacion: 6550, quorumAlcanzado: false };
    const lines = linesOf(pollCsv({ poll, results, language: 'fr' }));
    expect(lines).toContain('État,Annulé. Motif : Se pospuso la asamblea');
    expect(lines).toContain('Quorum,Quorum requis : 100 %,Quorum non atteint');
    expect(lines).toContain('Participation,65.50 %');
  });
});
