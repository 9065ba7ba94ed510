// Uploading to the library as a test model: a draft with a blank name, no file, a file of another type or too large
// stays in the form with what is wrong; a good one is sent as a new document (or, in the version form, as a new
// version), the server saves it or the connection fails; after a save the form starts again. The words its scenarios
// are told in: docs/scenarios/documentUploadMachine.md.
import { DOCUMENT_FILE_MAX_BYTES } from '../../src/api/documents';
import { documentUploadMachine } from '../../src/machines/documentUploadMachine';
import { DRAFT, NO_CONNECTION, RULES_V3 } from '../support/documentsFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const BAD_DRAFTS = {
  name: { ...DRAFT, name: '  ' },
  file: { ...DRAFT, file: null },
  fileType: { ...DRAFT, file: { name: 'hoja.xlsx', type: 'application/vnd.ms-excel', size: 10 } },
  fileTooLarge: { ...DRAFT, file: { ...DRAFT.file!, size: DOCUMENT_FILE_MAX_BYTES + 1 } },
} as const;

export const documentUploadModel = defineModel({
  machine: documentUploadMachine,
  inputs: { 'a new document': {}, 'a new version': { documentId: RULES_V3.id } },
  payloads: {
    submit: (s) =>
      s.context.problem === null && s.context.failure === null
        ? [{ draft: DRAFT }, ...Object.values(BAD_DRAFTS).map((draft) => ({ draft }))]
        : [{ draft: DRAFT }],
    again: BARE,
    'xstate.done.actor.send': [{ output: RULES_V3 }],
    'xstate.error.actor.send': (s) => (s.context.failure === null ? [{ error: NO_CONNECTION }] : []),
  },
  words: {
    states: {
      editing: 'The form: folder, name, who sees it and the file (or, for a version, the file and a note).',
      sending: 'Guardar is busy.',
      saved: 'The library says it was saved.',
    },
    events: {
      submit: (e) => {
        const draft = e.draft as typeof DRAFT;
        const bad = Object.entries(BAD_DRAFTS).find(([, d]) => d === draft)?.[0];
        return bad ? `presses Guardar with a bad draft (${bad})` : 'presses Guardar with a PDF';
      },
      again: () => 'the form starts again',
      'xstate.done.actor.send': () => 'the server saves it',
      'xstate.error.actor.send': () => 'the connection fails',
    },
  },
});
