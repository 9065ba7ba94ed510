// Counting a poll (issue 14): hand-computed examples of each counting and question kind, then properties
// that must hold for any electorate and any ballots (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type TallyBallot,
  type TallyInput,
  type TallyQuestion,
  type TallySeat,
  tallyPoll,
} from '../../server/domain/polls/tally';
import { INDIVISO_WHOLE, type PollCounting, participationOf, type QuestionKind } from '../../src/api/polls';

const SECRET = { final: true, showPending: false, publicBallot: false };
const ADMIN_PUBLIC = { final: false, showPending: true, publicBallot: true };

const sino = (id: number): TallyQuestion => ({
  id,
  tipo: 'sino',
  options: [
    { id: id * 10 + 1, Texto: 'Sí', clave: 'si' },
    { id: id * 10 + 2, Texto: 'No', clave: 'no' },
    { id: id * 10 + 3, Texto: 'Abstención', clave: 'abstencion' },
  ],
});
const SI = 11;
const NO = 12;
const ABSTENCION = 13;

const seat = (seatKey: string, weight = 1, barred = false): TallySeat => ({
  seatKey,
  name: `Torre A - ${seatKey}`,
  weight,
  barred,
});
const ballot = (seatKey: string, ...answers: [number, number[] | string][]): TallyBallot => ({
  seatKey,
  choices: answers.map(([questionId, choice]) =>
    typeof choice === 'string' ? { questionId, optionIds: [], text: choice } : { questionId, optionIds: choice, text: null },
  ),
});
const input = (
  conteo: PollCounting,
  electorate: TallySeat[],
  ballots: TallyBallot[],
  more: Partial<TallyInput> = {},
): TallyInput => ({
  conteo,
  quorum: null,
  questions: [sino(1)],
  electorate,
  ballots,
  ...more,
});
const optionsOf = (results: ReturnType<typeof tallyPoll>, question = 0) =>
  (results.preguntas[question]?.opciones ?? []).map(({ votos, peso, porcentaje, porcentajePeso }) => ({
    votos,
    peso,
    porcentaje,
    porcentajePeso,
  }));

describe('tallyPoll, worked by hand', () => {
  const thirds = [seat('101', 333_334), seat('102', 333_333), seat('103', 333_333)];

  it('weighs three dwellings of 333 334 / 333 333 / 333 333 ppm exactly', () => {
    const results = tallyPoll(
      input('indiviso', thirds, [ballot('101', [1, [SI]]), ballot('102', [1, [NO]]), ballot('103', [1, [SI]])]),
      SECRET,
    );
    expect(results).toMatchObject({
      electorado: 3,
      electoradoPeso: 1_000_000,
      votantes: 3,
      votantesPeso: 1_000_000,
      participacion: 10_000,
    });
    expect(results.preguntas[0]).toMatchObject({ preguntaId: 1, respuestas: 3, peso: 1_000_000, textos: [] });
    // 666 667 / 1 000 000 = 66.6667 % → 6667 bp; 333 333 → 33.3333 % → 3333 bp; by heads 2/3 and 1/3.
    expect(optionsOf(results)).toEqual([
      { votos: 2, peso: 666_667, porcentaje: 6667, porcentajePeso: 6667 },
      { votos: 1, peso: 333_333, porcentaje: 3333, porcentajePeso: 3333 },
      { votos: 0, peso: 0, porcentaje: 0, porcentajePeso: 0 },
    ]);
  });

  it('measures the quorum by weight under indiviso', () => {
    const twoOfThree = [ballot('101', [1, [SI]]), ballot('102', [1, [NO]])];
    // 666 667 ppm voted: 66.6667 % → 6667 bp; 333 334 of 666 667 is 50.0001 % → 5000, 333 333 is 49.9999 % → 5000.
    const at = (quorum: number) => tallyPoll(input('indiviso', thirds, twoOfThree, { quorum }), SECRET);
    expect(at(66)).toMatchObject({ participacion: 6667, quorum: 66, quorumAlcanzado: true });
    expect(at(67)).toMatchObject({ participacion: 6667, quorum: 67, quorumAlcanzado: false });
    expect(optionsOf(at(66)).map((o) => o.porcentajePeso)).toEqual([5000, 5000, 0]);
    expect(tallyPoll(input('indiviso', thirds, twoOfThree), SECRET).quorumAlcanzado).toBeNull();
  });

  it('splits a tie 50 / 50 and counts one per dwelling whatever weight comes in', () => {
    const electorate = [seat('1', 400_000), seat('2', 300_000), seat('3', 200_000), seat('4', 100_000)];
    const ballots = [ballot('1', [1, [SI]]), ballot('2', [1, [NO]]), ballot('3', [1, [SI]]), ballot('4', [1, [NO]])];
    const results = tallyPoll(input('vivienda', electorate, ballots, { quorum: 100 }), SECRET);
    expect(results).toMatchObject({ electoradoPeso: 4, votantesPeso: 4, participacion: 10_000, quorumAlcanzado: true });
    expect(optionsOf(results)).toEqual([
      { votos: 2, peso: 2, porcentaje: 5000, porcentajePeso: 5000 },
      { votos: 2, peso: 2, porcentaje: 5000, porcentajePeso: 5000 },
      { votos: 0, peso: 0, porcentaje: 0, porcentajePeso: 0 },
    ]);
  });

  it('rounds half a basis point (0.005 %) up, and less than half down', () => {
    const many = Array.from({ length: 32 }, (_, i) => seat(String(i + 1)));
    // 1 of 32 = 3.125 % = 312.5 bp → 313.
    expect(tallyPoll(input('vivienda', many, [ballot('1', [1, [NO]])]), SECRET).participacion).toBe(313);
    // 50 ppm = 0.005 % → 1 bp; 49 ppm = 0.0049 % → 0 bp.
    const tiny = (weight: number) =>
      tallyPoll(input('indiviso', [seat('1', weight), seat('2', INDIVISO_WHOLE - weight)], [ballot('1', [1, [SI]])]), SECRET)
        .participacion;
    expect(tiny(50)).toBe(1);
    expect(tiny(49)).toBe(0);
    expect(tiny(150)).toBe(2);
  });

  it('counts a multiple-choice ballot once in the answers and once per option chosen', () => {
    const question: TallyQuestion = {
      id: 2,
      tipo: 'multiple',
      options: ['Alberca', 'Gimnasio', 'Jardín'].map((Texto, i) => ({ id: 21 + i, Texto, clave: null })),
    };
    const ballots = [ballot('1', [2, [21, 22]]), ballot('2', [2, [22]]), ballot('3', [2, [23, 22, 22]]), ballot('4', [2, []])];
    const results = tallyPoll(
      input('vivienda', [seat('1'), seat('2'), seat('3'), seat('4')], ballots, { questions: [question] }),
      SECRET,
    );
    expect(results.votantes).toBe(4);
    expect(results.preguntas[0]).toMatchObject({ respuestas: 3, peso: 3 });
    expect(optionsOf(results)).toEqual([
      { votos: 1, peso: 1, porcentaje: 3333, porcentajePeso: 3333 },
      { votos: 3, peso: 3, porcentaje: 10_000, porcentajePeso: 10_000 },
      { votos: 1, peso: 1, porcentaje: 3333, porcentajePeso: 3333 },
    ]);
  });

  it('counts an abstention as an ordinary option of a yes/no question', () => {
    const ballots = [
      ballot('1', [1, [SI]]),
      ballot('2', [1, [ABSTENCION]]),
      ballot('3', [1, [ABSTENCION]]),
      ballot('4', [1, [NO]]),
    ];
    const results = tallyPoll(input('vivienda', [seat('1'), seat('2'), seat('3'), seat('4')], ballots), SECRET);
    expect(results.preguntas[0]?.respuestas).toBe(4);
    expect(results.preguntas[0]?.opciones.map((o) => [o.clave, o.votos, o.porcentaje])).toEqual([
      ['si', 1, 2500],
      ['no', 1, 2500],
      ['abstencion', 2, 5000],
    ]);
  });

  it('ignores ballots of barred seats and of seats outside the electorate, a second ballot and foreign options', () => {
    const electorate = [seat('1', 600_000), seat('2', 300_000, true), seat('3', 100_000)];
    const ballots = [
      ballot('2', [1, [SI]]),
      ballot('9', [1, [SI]]),
      ballot('1', [1, [NO]]),
      ballot('1', [1, [SI]]),
      ballot('3', [1, [99]]),
    ];
    const results = tallyPoll(input('indiviso', electorate, ballots, { quorum: 70 }), ADMIN_PUBLIC);
    expect(results).toMatchObject({ electorado: 3, electoradoPeso: 1_000_000, votantes: 2, votantesPeso: 700_000 });
    expect(results).toMatchObject({ participacion: 7000, quorumAlcanzado: true, final: false });
    // Seat 3 voted, but for no option of this question: counted as a voter, not as an answer.
    expect(results.preguntas[0]).toMatchObject({ respuestas: 1, peso: 600_000 });
    expect(optionsOf(results)[1]).toEqual({ votos: 1, peso: 600_000, porcentaje: 10_000, porcentajePeso: 10_000 });
    expect(results.pendientes).toEqual(['Torre A - 2']);
  });

  it('does not count a yes/no or single-choice answer that names two options', () => {
    const results = tallyPoll(
      input('vivienda', [seat('1'), seat('2')], [ballot('1', [1, [SI, NO]]), ballot('2', [1, [NO]])]),
      SECRET,
    );
    expect(results.preguntas[0]?.respuestas).toBe(1);
    expect(optionsOf(results).map((o) => o.votos)).toEqual([0, 1, 0]);
  });

  it('lists free-text answers trimmed and sorted, never who wrote them', () => {
    const question: TallyQuestion = { id: 3, tipo: 'abierta', options: [] };
    const ballots = [
      ballot('1', [3, '  Más luz en el estacionamiento ']),
      ballot('2', [3, '   ']),
      ballot('3', [3, 'Arreglar el portón']),
    ];
    const results = tallyPoll(input('persona', [seat('1'), seat('2'), seat('3')], ballots, { questions: [question] }), SECRET);
    expect(results.preguntas[0]).toEqual({
      preguntaId: 3,
      respuestas: 2,
      peso: 2,
      opciones: [],
      textos: ['Arreglar el portón', 'Más luz en el estacionamiento'],
    });
    expect(results.votantes).toBe(3);
  });

  it('shows administrators who is pending, barred included, in natural order', () => {
    const electorate = [seat('10'), seat('2', 1, true), seat('1'), seat('3')];
    const results = tallyPoll(input('vivienda', electorate, [ballot('3', [1, [SI]])]), ADMIN_PUBLIC);
    expect(results.pendientes).toEqual(['Torre A - 1', 'Torre A - 2', 'Torre A - 10']);
    expect(tallyPoll(input('vivienda', electorate, []), SECRET).pendientes).toBeNull();
  });

  it('says who chose what on a public ballot only, by name, in question and option order', () => {
    const multiple: TallyQuestion = {
      id: 2,
      tipo: 'multiple',
      options: ['Alberca', 'Gimnasio', 'Jardín'].map((Texto, i) => ({ id: 21 + i, Texto, clave: null })),
    };
    const open: TallyQuestion = { id: 3, tipo: 'abierta', options: [] };
    const questions = [sino(1), multiple, open];
    const ballots = [ballot('10', [1, [NO]], [2, [23, 21]], [3, ' Nada ']), ballot('2', [1, [SI]])];
    const results = tallyPoll(input('vivienda', [seat('2'), seat('10'), seat('5')], ballots, { questions }), ADMIN_PUBLIC);
    expect(results.votos).toEqual([
      {
        Nombre: 'Torre A - 2',
        respuestas: [
          { preguntaId: 1, opciones: ['Sí'], texto: null },
          { preguntaId: 2, opciones: [], texto: null },
          { preguntaId: 3, opciones: [], texto: null },
        ],
      },
      {
        Nombre: 'Torre A - 10',
        respuestas: [
          { preguntaId: 1, opciones: ['No'], texto: null },
          { preguntaId: 2, opciones: ['Alberca', 'Jardín'], texto: null },
          { preguntaId: 3, opciones: [], texto: 'Nada' },
        ],
      },
    ]);
    expect(tallyPoll(input('vivienda', [seat('2')], ballots, { questions }), SECRET).votos).toBeNull();
  });

  it('gives zeros, not a division by zero, with nobody in the electorate', () => {
    const results = tallyPoll(input('indiviso', [], [], { quorum: 50 }), SECRET);
    expect(results).toMatchObject({ electorado: 0, electoradoPeso: 0, participacion: 0, quorumAlcanzado: false });
    expect(optionsOf(results).every((o) => o.porcentaje === 0 && o.porcentajePeso === 0)).toBe(true);
  });
});

// ── Properties

const KINDS: QuestionKind[] = ['unica', 'multiple', 'sino', 'abierta'];

/** Integer weights of n seats summing to exactly the whole property. */
const indivisoWeights = (n: number) =>
  fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: n, maxLength: n }).map((raw) => {
    const total = raw.reduce((a, b) => a + b, 0);
    const weights = raw.map((r) => Math.floor((r * INDIVISO_WHOLE) / total));
    const rest = weights.slice(1).reduce((a, b) => a + b, 0);
    return [INDIVISO_WHOLE - rest, ...weights.slice(1)];
  });

const questionsArb = fc
  .array(fc.record({ tipo: fc.constantFrom(...KINDS), count: fc.integer({ min: 2, max: 5 }) }), { minLength: 1, maxLength: 4 })
  .map((specs) =>
    specs.map(({ tipo, count }, q): TallyQuestion => {
      const id = q + 1;
      if (tipo === 'sino') return sino(id);
      if (tipo === 'abierta') return { id, tipo, options: [] };
      return {
        id,
        tipo,
        options: Array.from({ length: count }, (_, i) => ({ id: id * 10 + i, Texto: `Opción ${i}`, clave: null })),
      };
    }),
  );

/** One ballot's choices: any subset for multiple, one option or none for unica / sino, a text or blank. */
const choicesArb = (questions: TallyQuestion[]) =>
  fc.tuple(
    ...questions.map((q) => {
      if (q.tipo === 'abierta') {
        return fc
          .constantFrom('', ' ', 'Sí', 'no sé', 'Árbol')
          .map((text) => ({ questionId: q.id, optionIds: [] as number[], text }));
      }
      const ids = q.options.map((o) => o.id);
      const picked =
        q.tipo === 'multiple'
          ? fc.subarray(ids)
          : fc.oneof(
              fc.constant([] as number[]),
              fc.constantFrom(...ids).map((id) => [id]),
            );
      return picked.map((optionIds) => ({ questionId: q.id, optionIds, text: null }));
    }),
  );

const pollArb = (options: { conteo?: PollCounting; everyoneVotes?: boolean; barred?: boolean } = {}) =>
  fc
    .record({
      conteo: options.conteo ? fc.constant(options.conteo) : fc.constantFrom<PollCounting>('persona', 'vivienda', 'indiviso'),
      size: fc.integer({ min: 1, max: 12 }),
      quorum: fc.option(fc.integer({ min: 1, max: 100 })),
      questions: questionsArb,
    })
    .chain(({ conteo, size, quorum, questions }) =>
      fc
        .record({
          weights: indivisoWeights(size),
          barred: fc.array(options.barred === false ? fc.constant(false) : fc.boolean(), { minLength: size, maxLength: size }),
          votes: fc.array(options.everyoneVotes ? fc.constant(true) : fc.boolean(), { minLength: size, maxLength: size }),
          choices: fc.array(choicesArb(questions), { minLength: size, maxLength: size }),
        })
        .map(({ weights, barred, votes, choices }): TallyInput => {
          const electorate = weights.map((weight, i) => ({
            seatKey: `s${i}`,
            name: `Casa ${i}`,
            weight,
            barred: barred[i] === true,
          }));
          const ballots = electorate
            .filter((_, i) => votes[i])
            .map((s, i) => ({ seatKey: s.seatKey, choices: choices[i] ?? [] }));
          return { conteo, quorum, questions, electorate, ballots };
        }),
    );

describe('tallyPoll, for any poll', () => {
  it('keeps every percentage within 0–100 % and no option above the answers', () => {
    fc.assert(
      fc.property(pollArb(), (poll) => {
        const results = tallyPoll(poll, ADMIN_PUBLIC);
        expect(results.participacion).toBeGreaterThanOrEqual(0);
        expect(results.participacion).toBeLessThanOrEqual(10_000);
        expect(results.votantes).toBeLessThanOrEqual(results.electorado);
        for (const question of results.preguntas) {
          expect(question.respuestas).toBeLessThanOrEqual(results.votantes);
          expect(question.peso).toBeLessThanOrEqual(results.votantesPeso);
          for (const option of question.opciones) {
            expect(option.votos).toBeLessThanOrEqual(question.respuestas);
            expect(option.peso).toBeLessThanOrEqual(question.peso);
            for (const bp of [option.porcentaje, option.porcentajePeso]) {
              expect(Number.isInteger(bp) && bp >= 0 && bp <= 10_000).toBe(true);
            }
          }
        }
      }),
    );
  });

  it('shares out exactly the answers of a single-choice or yes/no question', () => {
    fc.assert(
      fc.property(pollArb(), (poll) => {
        const results = tallyPoll(poll, SECRET);
        results.preguntas.forEach((question, i) => {
          const tipo = poll.questions[i]?.tipo;
          if (tipo !== 'unica' && tipo !== 'sino') return;
          expect(question.opciones.reduce((total, o) => total + o.peso, 0)).toBe(question.peso);
          expect(question.opciones.reduce((total, o) => total + o.votos, 0)).toBe(question.respuestas);
        });
      }),
    );
  });

  it('weighs one per seat unless the counting is indiviso', () => {
    fc.assert(
      fc.property(pollArb(), (poll) => {
        const results = tallyPoll(poll, SECRET);
        if (poll.conteo === 'indiviso') return;
        expect(results.electoradoPeso).toBe(results.electorado);
        expect(results.votantesPeso).toBe(results.votantes);
        for (const question of results.preguntas) for (const option of question.opciones) expect(option.peso).toBe(option.votos);
      }),
    );
  });

  it('does not depend on the order of the ballots', () => {
    const shuffled = pollArb().chain((poll) =>
      fc
        .shuffledSubarray(poll.ballots, { minLength: poll.ballots.length, maxLength: poll.ballots.length })
        .map((ballots) => [poll, { ...poll, ballots }] as const),
    );
    fc.assert(
      fc.property(shuffled, ([poll, reordered]) => {
        expect(tallyPoll(reordered, ADMIN_PUBLIC)).toEqual(tallyPoll(poll, ADMIN_PUBLIC));
      }),
    );
  });

  it('reaches 100 % participation by indiviso when every seat votes, its weights making the whole property', () => {
    fc.assert(
      fc.property(pollArb({ conteo: 'indiviso', everyoneVotes: true, barred: false }), (poll) => {
        const results = tallyPoll(poll, ADMIN_PUBLIC);
        expect(results).toMatchObject({
          electoradoPeso: INDIVISO_WHOLE,
          votantesPeso: INDIVISO_WHOLE,
          participacion: 10_000,
          pendientes: [],
        });
        if (results.quorum !== null) expect(results.quorumAlcanzado).toBe(true);
      }),
    );
  });
});

describe('participationOf: the one reading of a poll’s participation (its results, control gerencial)', () => {
  const seats = [
    { seatKey: 'A:1', weight: 300, barred: false },
    { seatKey: 'A:2', weight: 200, barred: false },
    { seatKey: 'A:3', weight: 500, barred: true },
  ];

  it('counts the electorate with its barred seats, and only the ballots of seats that may vote, once each', () => {
    expect(participationOf('vivienda', seats, ['A:1', 'A:3', 'A:1', 'X:9'])).toEqual({
      electorado: 3,
      electoradoPeso: 3,
      votantes: 1,
      votantesPeso: 1,
      participacion: 3_333,
    });
  });

  it('weighs by the indiviso when the poll counts by it', () => {
    expect(participationOf('indiviso', seats, ['A:1', 'A:2'])).toMatchObject({
      votantes: 2,
      votantesPeso: 500,
      electoradoPeso: 1_000,
      participacion: 5_000,
    });
  });

  it('is 0 with no electorate', () => expect(participationOf('persona', [], []).participacion).toBe(0));
});
