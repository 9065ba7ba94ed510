// The acta of a poll as PDF (issue 14): its text read back (tests/support/pdfText.ts) carries the heading,
// the weighted percentages, the participation and the quorum line in the reader's language; the state of a
// running or cancelled poll; who chose what on a public ballot only; never who is still pending.
import { describe, expect, it } from 'vitest';
import { pollActaPdf } from '../../server/domain/polls/actaPdf';
import { type TallyBallot, tallyPoll } from '../../server/domain/polls/tally';
import type { PollDetail, PollQuestion } from '../../src/api/polls';
import { pdfPages, pdfText } from '../support/pdfText';

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
const obras: PollQuestion = {
  id: 2,
  Texto: 'Obras prioritarias',
  tipo: 'multiple',
  maximo: 2,
  opciones: ['Impermeabilización', 'Elevador', 'Jardín'].map((Texto, i) => ({ id: 21 + i, Texto, clave: null })),
};

function pollOf(overrides: Partial<PollDetail> = {}): PollDetail {
  return {
    PollId: 9,
    SectId: 3,
    Titulo: 'Asamblea ordinaria 2026',
    tipo: 'votacion',
    conteo: 'indiviso',
    secreta: true,
    cambiable: false,
    quorum: 60,
    abre: '2026-03-01T15:00:00.000Z',
    cierra: '2026-03-08T00:30:00.000Z',
    estado: 'cerrada',
    fase: 'cerrada',
    motivo: null,
    PropuestoPor: null,
    haVotado: false,
    version: 2,
    Descripcion: '',
    preguntas: [presupuesto, obras],
    adjuntos: [],
    seccion: {
      SectId: 3,
      SectName: 'Asambleas',
      SectPosting: 'R',
      VerResultados: 0,
      EnviarCopia: 0,
      TiempoMoroso: 30,
      MensajeConfirmacion: null,
    },
    zonaHoraria: 'America/Mexico_City',
    fijadoEn: '2026-03-01T15:00:00.000Z',
    ...overrides,
  };
}

// Four dwellings: 101 (31.2345 %) and 102 (31.1155 %) vote yes, 103 (20 %) abstains, 104 (17.65 %) is
// barred for arrears and stays pending.
const electorate = [
  { seatKey: '101', name: 'Torre A - 101', weight: 312_345, barred: false },
  { seatKey: '102', name: 'Torre A - 102', weight: 311_155, barred: false },
  { seatKey: '103', name: 'Torre B - 201', weight: 200_000, barred: false },
  { seatKey: '104', name: 'Torre B - 202', weight: 176_500, barred: true },
];
const ballots: TallyBallot[] = [
  {
    seatKey: '101',
    choices: [
      { questionId: 1, optionIds: [11], text: null },
      { questionId: 2, optionIds: [21, 23], text: null },
    ],
  },
  {
    seatKey: '102',
    choices: [
      { questionId: 1, optionIds: [11], text: null },
      { questionId: 2, optionIds: [21], text: null },
    ],
  },
  { seatKey: '103', choices: [{ questionId: 1, optionIds: [13], text: null }] },
];

async function actaText(poll: PollDetail, language: 'es' | 'en' | 'fr', generatedAt = '2026-03-08T01:00:00.000Z') {
  const results = tallyPoll(
    {
      conteo: poll.conteo,
      quorum: poll.quorum,
      questions: poll.preguntas.map((q) => ({ id: q.id, tipo: q.tipo, options: q.opciones })),
      electorate,
      ballots,
    },
    { final: poll.estado !== 'publicada', showPending: true, publicBallot: !poll.secreta },
  );
  const pdf = await pollActaPdf({ condoName: 'Residencial Las Palmas', poll, results, generatedAt, language });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { text: pdfText(pdf), pages: pdfPages(pdf) };
}

describe('pollActaPdf', () => {
  it('writes the acta in Spanish: heading, settings, weighted results, participation and quorum', async () => {
    const { text, pages } = await actaText(pollOf(), 'es');
    const lines = text.split('\n');
    expect(pages).toBe(1);
    for (const line of [
      'Acta de resultados',
      'Residencial Las Palmas',
      'Asamblea ordinaria 2026',
      'Tipo: Votación',
      'Conteo: Ponderada por indiviso',
      'Voto: Secreto',
      'Apertura: 01/03/2026 09:00 AM',
      'Cierre: 07/03/2026 06:30 PM',
      'Estado: Cerrada el 07/03/2026 06:30 PM',
      // 823 500 of 1 000 000 ppm voted: 82.35 %.
      'Votaron 3 de 4 viviendas: participación ponderada por indiviso del 82.35 %.',
      'Quórum requerido: 60 % · Quórum alcanzado',
      'Pregunta 1: ¿Aprueba el presupuesto 2026?',
      '3 respuestas.',
      'Porcentaje ponderado',
      // Yes: 623 500 of 823 500 answering = 75.7134 % → 75.71 %; abstention 200 000 → 24.2866 % → 24.29 %.
      'Sí',
      '62.3500 %',
      '75.71 %',
      'Abstención',
      '20.0000 %',
      '24.29 %',
      'Pregunta 2: Obras prioritarias',
      'Impermeabilización',
      '100.00 %',
      // Jardín: 312 345 of 623 500 = 50.0954 % → 50.10 %.
      '31.2345 %',
      '50.10 %',
      'Generada el 07/03/2026 07:00 PM · Página 1 de 1',
    ]) {
      expect(lines, line).toContain(line);
    }
    // A secret ballot: no names; the pending (barred) dwelling is never printed.
    expect(text).not.toContain('Torre');
  });

  it('writes the same acta in English', async () => {
    const lines = (await actaText(pollOf(), 'en')).text.split('\n');
    for (const line of [
      'Record of results',
      'Type: Vote',
      'Counting: Weighted by indiviso share',
      'Status: Closed on 07/03/2026 06:30 PM',
      '3 of 4 dwellings voted: participation weighted by indiviso share of 82.35 %.',
      'Required quorum: 60 % · Quorum reached',
      'Question 1: ¿Aprueba el presupuesto 2026?',
      'Yes',
      'Abstention',
      '75.71 %',
      'Weighted percentage',
      'Generated on 07/03/2026 07:00 PM · Page 1 of 1',
    ]) {
      expect(lines, line).toContain(line);
    }
  });

  it('says when the quorum was not reached, and when none was required', async () => {
    expect((await actaText(pollOf({ quorum: 83 }), 'es')).text).toContain('Quórum requerido: 83 % · Quórum no alcanzado');
    expect((await actaText(pollOf({ quorum: null }), 'en')).text.split('\n')).toContain('No quorum required');
  });

  it('counts one per dwelling without the weight columns, and marks running results with the time', async () => {
    const poll = pollOf({ conteo: 'vivienda', estado: 'publicada', fase: 'abierta', quorum: 75 });
    const { text } = await actaText(poll, 'es', '2026-03-05T18:15:00.000Z');
    const lines = text.split('\n');
    expect(lines).toContain('Estado: Resultados parciales al 05/03/2026 12:15 PM');
    expect(lines).toContain('Votaron 3 de 4 viviendas: participación del 75.00 %.');
    expect(lines).toContain('Quórum requerido: 75 % · Quórum alcanzado');
    expect(lines).toContain('66.67 %');
    expect(lines).not.toContain('Porcentaje ponderado');
    expect(text).not.toContain('62.3500 %');
  });

  it('shows a cancelled poll’s reason', async () => {
    const poll = pollOf({ estado: 'cancelada', fase: 'cancelada', motivo: 'Se pospuso la asamblea' });
    expect((await actaText(poll, 'es')).text.split('\n')).toContain('Estado: Cancelada. Motivo: Se pospuso la asamblea');
  });

  it('lists who chose what on a public ballot, in the reader’s words, but not who is pending', async () => {
    const { text } = await actaText(pollOf({ secreta: false }), 'en');
    const lines = text.split('\n');
    expect(lines).toContain('Ballot: Public');
    expect(lines).toContain('How each participant voted');
    const from = lines.indexOf('How each participant voted');
    expect(lines.slice(from + 1)).toEqual(
      expect.arrayContaining([
        'Torre A - 101',
        '1. Yes',
        '2. Impermeabilización, Jardín',
        'Torre B - 201',
        '1. Abstention',
        '2. No answer',
      ]),
    );
    expect(text).not.toContain('Torre B - 202');
  });

  it('carries a long poll over pages with a footer on each', async () => {
    const many = Array.from({ length: 20 }, (_, i): PollQuestion => ({ ...presupuesto, id: 100 + i, Texto: `Punto ${i + 1}` }));
    const { text, pages } = await actaText(pollOf({ preguntas: many }), 'es');
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Página ${page} de ${pages}`);
    expect(text).toContain('Pregunta 20: Punto 20');
  });
});
