// Writing a poll as a test model, read three ways. An administrator creates one in Las Palmas (two EN sections):
// touches Título and tries to send it blank (the problems show), writes the title, the description and the first
// question (sí / no / abstención), and from there tries each setting once — an encuesta and back (a free-text
// question then refused in a votación), counted one per dwelling, votes that may change and a public ballot, a
// 51 % quorum and none again, the other section, a closing too soon and back, a PDF attached and removed, a
// second question made a multiple choice of up to 3 suppliers whose options are added, moved and removed before
// it moves first — and sends it. A resident proposes an encuesta. An administrator edits an upcoming votación:
// drops its file, and the save is answered as saved, lost to another administrator (409: start over from the
// poll as it is now), refused on its opening (fixed and sent again), or not at all. The words its scenarios
// are told in: docs/scenarios/pollEditorMachine.md.
import type { EventObject } from 'xstate';
import type { PollAnswer, PollDraft } from '../../src/api/polls';
import { blankDraft } from '../../src/machines/pollDraft';
import { type PollEditorInput, pollEditorMachine } from '../../src/machines/pollEditorMachine';
import { ApiError } from '../../src/services/http';
import type { PollSaveResult } from '../../src/services/pollsService';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { ADMIN_HOME, APPROVE, answer, home, SECTION, SUPPLIERS, UPCOMING } from '../support/pollFixtures';

type Snap = Snapshot<typeof pollEditorMachine>;

export const ASSEMBLY = { ...SECTION, SectId: 13, SectName: 'Asamblea 2027' };
export const ADMIN = { home: { ...ADMIN_HOME, secciones: [SECTION, ASSEMBLY] } };
export const PROPOSER = { home: home() };
export const EXISTING_DRAFT: PollDraft = {
  sectionId: SECTION.SectId,
  Titulo: 'Impermeabilización de azoteas',
  Descripcion: 'Cuota y proveedores.',
  tipo: 'votacion',
  conteo: 'indiviso',
  secreta: true,
  cambiable: false,
  quorum: 51,
  abre: '2026-11-25T09:00',
  cierra: '2026-11-27T23:59',
  preguntas: [
    { Texto: APPROVE.Texto, tipo: 'sino', opciones: [], maximo: null },
    { Texto: SUPPLIERS.Texto, tipo: 'multiple', opciones: SUPPLIERS.opciones.map((o) => o.Texto), maximo: 2 },
  ],
  adjuntos: [],
};
export const EDITOR = {
  home: ADMIN_HOME,
  existing: { pollId: 7, version: 3, borrador: EXISTING_DRAFT, adjuntos: [{ id: 31, nombre: 'cotizacion.pdf' }] },
};
export const INPUTS: Record<string, PollEditorInput> = { admin: ADMIN, proposer: PROPOSER, edit: EDITOR };

/** Typed with blanks around them: sent without them. */
export const TITLE = ' Impermeabilización de azoteas ';
export const DESCRIPTION = 'Votamos la cuota extraordinaria y los proveedores.';
export const QUESTION = '¿Aprueban la cuota extraordinaria?';
export const SECOND = '¿A qué proveedores invitamos?';
export const OPTIONS = ['Impermeabilizantes del Norte', 'Techos Seguros', 'Cubiertas MX'];
export const TOO_SOON = '2026-11-21T13:30';
export const NEW_OPENING = '2026-11-26T09:00';
export const PDF = {
  name: 'cotizacion.pdf',
  dataUrl: 'data:application/pdf;base64,JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoKPDwvTGVuZ3RoIDMgMCBS',
};

/** The administrator's draft once title, description and first question are written: every setting starts here. */
export const BASE: PollDraft = {
  ...blankDraft(ADMIN.home, SECTION.SectId, 'votacion'),
  Titulo: TITLE,
  Descripcion: DESCRIPTION,
  preguntas: [{ Texto: QUESTION, tipo: 'sino', opciones: [], maximo: null }],
};

/** Someone else's edit that won: the title changed, one version more; still editable. */
export const FRESH: PollAnswer = {
  ...answer({ puedeEditar: true, borrador: { ...EXISTING_DRAFT, Titulo: 'Impermeabilización de azoteas 2027' } }, UPCOMING.poll),
  poll: { ...UPCOMING.poll, Titulo: 'Impermeabilización de azoteas 2027', version: 4 },
};
export const CONFLICT_MESSAGE = 'Alguien cambió esta votación antes que tú. Revisa cómo quedó.';
export const OPENING_PASSED = new ApiError(400, 'BAD_REQUEST', 'La apertura no puede quedar en el pasado.', 'abre');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

const draft = (s: Snap) => s.context.draft;
const adminNew = (s: Snap) => !s.context.existing && s.context.home.canCreate;
/** The fields that differ from BASE (adminNew only). */
const differs = (s: Snap) =>
  (Object.keys(BASE) as (keyof PollDraft)[]).filter((k) => JSON.stringify(draft(s)[k]) !== JSON.stringify(BASE[k])).join(',');
const at = (s: Snap, diff: string) => adminNew(s) && s.context.submitted && differs(s) === diff;

/** The second question's steps, by how it looks now: each offers the next. */
const second = (s: Snap) => (at(s, 'preguntas') && draft(s).preguntas.length === 2 ? draft(s).preguntas[1]! : null);
const looks = (
  q: PollDraft['preguntas'][number] | null,
  tipo: string,
  opciones: string[],
  maximo: number | null,
  Texto = SECOND,
) =>
  !!q && q.tipo === tipo && q.Texto === Texto && JSON.stringify(q.opciones) === JSON.stringify(opciones) && q.maximo === maximo;
const [A, B, C] = OPTIONS as [string, string, string];

const proposer = (s: Snap) => !s.context.home.canCreate;
const editor = (s: Snap) => !!s.context.existing;

const saved = (estado: 'publicada' | 'propuesta', PollId = 15): PollSaveResult => ({
  kind: 'saved',
  answer: { success: true, PollId, estado },
});

const when = <P>(condition: boolean, payloads: P[]): P[] => (condition ? payloads : []);

export const pollEditorModel = defineModel({
  machine: pollEditorMachine,
  inputs: INPUTS,
  payloads: {
    touch: (s) =>
      when(adminNew(s) && draft(s).Titulo === '' && s.context.touched.length === 0 && !s.context.submitted, [
        { field: 'Titulo' },
      ]),
    edit: (s) => {
      const d = draft(s);
      if (adminNew(s)) {
        if (s.context.submitted && d.Titulo === '') return [{ field: 'Titulo', value: TITLE }];
        if (d.Titulo === TITLE && d.Descripcion === '') return [{ field: 'Descripcion', value: DESCRIPTION }];
        if (at(s, '')) return [{ field: 'cierra', value: TOO_SOON }];
        if (at(s, 'cierra')) return [{ field: 'cierra', value: BASE.cierra }];
        return [];
      }
      if (proposer(s)) {
        if (d.Titulo === '') return [{ field: 'Titulo', value: 'Horario de la alberca' }];
        return when(d.Descripcion === '', [{ field: 'Descripcion', value: '¿Qué horario prefieren?' }]);
      }
      return when(editor(s) && !!s.context.serverErrors.abre && d.abre !== NEW_OPENING, [{ field: 'abre', value: NEW_OPENING }]);
    },
    editQuestion: (s) => {
      const d = draft(s);
      if (adminNew(s) && d.Descripcion && d.preguntas.length === 1 && d.preguntas[0]!.Texto === '')
        return [{ index: 0, Texto: QUESTION }];
      if (proposer(s) && d.Descripcion && d.preguntas[0]!.Texto === '') return [{ index: 0, Texto: '¿Qué horario prefieres?' }];
      return when(looks(second(s), 'sino', [], null, ''), [{ index: 1, Texto: SECOND }]);
    },
    editOption: (s) => {
      const q = second(s);
      if (looks(q, 'multiple', ['', ''], 2)) return [{ index: 1, option: 0, value: A }];
      if (looks(q, 'multiple', [A, ''], 2)) return [{ index: 1, option: 1, value: B }];
      if (looks(q, 'multiple', [A, B, ''], 2)) return [{ index: 1, option: 2, value: C }];
      const first = draft(s).preguntas[0]!;
      if (proposer(s) && first.Texto && first.opciones[0] === '') return [{ index: 0, option: 0, value: 'De 7 a 21 h' }];
      return when(proposer(s) && first.Texto !== '' && first.opciones[1] === '', [{ index: 0, option: 1, value: 'De 9 a 22 h' }]);
    },
    submit: (s) => {
      if (adminNew(s)) {
        const invalidFirst = draft(s).Titulo === '' && s.context.touched.length === 1 && !s.context.submitted;
        const fromBase = ['', 'conteo', 'secreta,cambiable', 'quorum', 'sectionId'].some((diff) => at(s, diff));
        const abiertaInVote = at(s, 'preguntas') && draft(s).tipo === 'votacion' && draft(s).preguntas[0]!.tipo === 'abierta';
        const suppliersFirst = at(s, 'preguntas') && draft(s).preguntas.length === 2 && draft(s).preguntas[0]!.Texto === SECOND;
        return when(invalidFirst || fromBase || abiertaInVote || suppliersFirst, BARE);
      }
      if (proposer(s)) return when(draft(s).preguntas[0]!.opciones[1] !== '', BARE);
      return when(!s.context.submitted || s.context.draft.abre === NEW_OPENING || s.context.existing!.version === 4, BARE);
    },
    chooseKind: (s) =>
      at(s, '')
        ? [{ tipo: 'encuesta' }]
        : at(s, 'tipo,conteo') || (at(s, 'tipo,conteo,preguntas') && draft(s).preguntas[0]!.tipo === 'abierta')
          ? [{ tipo: 'votacion' }]
          : [],
    chooseQuestionKind: (s) =>
      at(s, 'tipo,conteo')
        ? [{ index: 0, tipo: 'abierta' }]
        : when(looks(second(s), 'sino', [], null), [{ index: 1, tipo: 'multiple' }]),
    chooseCounting: (s) => when(at(s, ''), [{ conteo: 'vivienda' }]),
    setSwitch: (s) =>
      at(s, '') ? [{ option: 'cambiable', value: true }] : when(at(s, 'cambiable'), [{ option: 'secreta', value: false }]),
    setQuorum: (s) => (at(s, '') ? [{ quorum: 51 }] : when(at(s, 'quorum'), [{ quorum: null }])),
    chooseSection: (s) => when(at(s, ''), [{ sectionId: ASSEMBLY.SectId }]),
    attach: (s) => when(at(s, ''), [{ file: PDF }]),
    detach: (s) => when(at(s, 'adjuntos'), [{ index: 0 }]),
    dropExisting: (s) => when(editor(s) && !s.context.submitted && s.context.keep.length === 1, [{ id: 31 }]),
    addQuestion: (s) => when(at(s, ''), BARE),
    removeQuestion: (s) => when(looks(second(s), 'sino', [], null, ''), [{ index: 1 }]),
    addOption: (s) => when(looks(second(s), 'multiple', [A, B], 2), [{ index: 1 }]),
    setMaximum: (s) => when(looks(second(s), 'multiple', [A, B, C], 2), [{ index: 1, maximo: 3 }]),
    moveOption: (s) => when(looks(second(s), 'multiple', [A, B, C], 3), [{ index: 1, option: 2, to: 0 }]),
    removeOption: (s) => when(looks(second(s), 'multiple', [C, A, B], 3), [{ index: 1, option: 1 }]),
    moveQuestion: (s) => when(looks(second(s), 'multiple', [C, B], 2), [{ index: 1, to: 0 }]),
    retry: BARE,
    revise: BARE,
    startOver: BARE,
    // Every answer for the base draft and the first edit; the others are saved.
    'xstate.done.actor.save': (s) => {
      if (proposer(s)) return [{ output: saved('propuesta') }];
      if (!editor(s)) return [{ output: saved('publicada') }];
      const first = s.context.existing!.version === 3 && !s.context.serverErrors.abre && s.context.draft.abre !== NEW_OPENING;
      return [
        { output: saved('publicada', 7) },
        ...(first
          ? [{ output: { kind: 'conflict', message: CONFLICT_MESSAGE, motivo: null, answer: FRESH } satisfies PollSaveResult }]
          : []),
      ];
    },
    'xstate.error.actor.save': (s) =>
      (adminNew(s) && at(s, '')) ||
      (editor(s) && s.context.existing!.version === 3 && s.context.draft.abre !== NEW_OPENING && !s.context.failure)
        ? [{ error: OPENING_PASSED }, { error: NO_CONNECTION }]
        : [],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: PollSaveResult; error?: ApiError; file?: { name: string } };
    if (e.type === 'xstate.done.actor.save') {
      const output = e.output!;
      return output.kind === 'saved' ? `done save:${output.answer.estado}` : 'done save:conflict';
    }
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    if (e.type === 'attach') return `attach ${e.file!.name}`;
    return eventLabel(event);
  },
  words: {
    states: {
      editing:
        'The form “Nueva votación o encuesta” (or “Proponer encuesta”, or “Editar votación”): Sección, Tipo (Votación / Encuesta), Conteo, Título, Descripción, Apertura and Cierre, Quórum, Voto secreto, Se puede cambiar el voto, Archivos, the questions with their kind, options (Agregar opción, Subir, Bajar, Quitar) and maximum, Agregar pregunta, and Publicar (Enviar propuesta, Guardar cambios); a touched field, or all once sending was tried, says what is wrong.',
      validating: 'Nothing new: the draft is checked at once.',
      saving: 'The fields are disabled and the send button spins.',
      failed:
        'An alert “No pudimos guardar” with the server’s words (on the field it named, e.g. Apertura), Reintentar and Corregir; everything typed is kept.',
      conflict:
        'An alert “Alguien cambió esta votación antes que tú…” with the poll as it is now, Empezar de nuevo con lo guardado, and Cerrar.',
      saved:
        'A status “Votación publicada.” (or “Propuesta enviada: la administración la revisará.”, or “Cambios guardados.”) and Ver votación.',
    },
    events: {
      touch: () => 'leaves Título blank',
      edit: (e) =>
        `types “${String(e.value).trim()}” in ${{ Titulo: 'Título', Descripcion: 'Descripción', abre: 'Apertura', cierra: 'Cierre' }[e.field as string]}`,
      editQuestion: (e) => `types “${e.Texto}” as question ${Number(e.index) + 1}`,
      editOption: (e) => `types “${e.value}” as option ${Number(e.option) + 1} of question ${Number(e.index) + 1}`,
      submit: (_, s) =>
        s.context.existing
          ? 'presses Guardar cambios'
          : s.context.home.canCreate
            ? 'presses Publicar'
            : 'presses Enviar propuesta',
      chooseKind: (e) => `chooses ${e.tipo === 'encuesta' ? 'Encuesta' : 'Votación'} in Tipo`,
      chooseQuestionKind: (e) =>
        `makes question ${Number(e.index) + 1} ${e.tipo === 'abierta' ? 'Respuesta libre' : 'Opción múltiple'}`,
      chooseCounting: () => 'chooses Un voto por vivienda in Conteo',
      setSwitch: (e) => (e.option === 'cambiable' ? 'ticks Se puede cambiar el voto hasta el cierre' : 'unticks Voto secreto'),
      setQuorum: (e) => (e.quorum === null ? 'empties Quórum' : `sets Quórum to ${e.quorum} %`),
      chooseSection: () => `chooses ${ASSEMBLY.SectName} in Sección`,
      attach: () => `attaches ${PDF.name}`,
      detach: () => `removes ${PDF.name}`,
      dropExisting: () => 'removes the file cotizacion.pdf already on the poll',
      addQuestion: () => 'presses Agregar pregunta',
      removeQuestion: (e) => `presses Quitar pregunta ${Number(e.index) + 1}`,
      addOption: () => 'presses Agregar opción',
      setMaximum: (e) => `sets Máximo de opciones to ${e.maximo}`,
      moveOption: () => `moves “${C}” to the top`,
      removeOption: () => `removes “${A}”`,
      moveQuestion: () => 'moves question 2 up',
      retry: () => 'presses Reintentar',
      revise: () => 'presses Corregir',
      startOver: () => 'presses Empezar de nuevo con lo guardado',
      'xstate.done.actor.save': (e) => {
        const output = e.output as PollSaveResult;
        if (output.kind === 'conflict') return 'the server says someone else changed it first and sends it as it is now';
        return output.answer.estado === 'propuesta' ? 'the server keeps the proposal' : 'the server saves and publishes it';
      },
      'xstate.error.actor.save': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
    },
  },
});
