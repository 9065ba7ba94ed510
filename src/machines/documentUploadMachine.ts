// Uploading to the document library (issue 32), administrators only: a new document (its folder, name, who sees it,
// a PDF or an image) or a new version of one (its file and a note). The file is checked for type and size before it
// is read, so a wrong file never travels (`problem`); the server checks the bytes again. Saved: the document as the
// server answers it, for the library to read again (documentLibraryMachine's `saved`).
import { assign, fromPromise, setup } from 'xstate';
import { DOCUMENT_FILE_MAX_BYTES, type DocumentAudience, type LibraryDocument } from '../api/documents';
import { ATTACHMENT_TYPES } from '../api/uploads';
import { addDocumentVersion, readDocumentFile, uploadDocument } from '../services/documentsService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** A picked file as the machine checks it (a browser File is one). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

export interface UploadDraft {
  folder: string;
  name: string;
  audience: DocumentAudience;
  note: string;
  file: PickedFile | null;
}

export type UploadProblem = 'name' | 'file' | 'fileType' | 'fileTooLarge';

export interface DocumentUploadContext {
  /** A new version of this document; null: a new document. */
  documentId: number | null;
  draft: UploadDraft | null;
  problem: UploadProblem | null;
  saved: LibraryDocument | null;
  failure: CallFailure | null;
}

export type DocumentUploadEvent = { type: 'submit'; draft: UploadDraft } | { type: 'again' };

/** What is wrong with a draft before anything is sent; null when it may go. */
export function uploadProblem(draft: UploadDraft, forVersion: boolean): UploadProblem | null {
  if (!forVersion && draft.name.trim() === '') return 'name';
  if (!draft.file) return 'file';
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(draft.file.type)) return 'fileType';
  if (draft.file.size > DOCUMENT_FILE_MAX_BYTES) return 'fileTooLarge';
  return null;
}

export const documentUploadMachine = setup({
  types: {
    input: {} as { documentId?: number | null },
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
  },
  actors: {
    send: fromPromise<LibraryDocument, { documentId: number | null; draft: UploadDraft }>(async ({ input, signal }) => {
      const file = await readDocumentFile(input.draft.file as File);
      if (input.documentId !== null) {
        const note = input.draft.note.trim();
        return addDocumentVersion(input.documentId, { file, ...(note ? { note } : {}) }, signal);
      }
      return uploadDocument(
        { folder: input.draft.folder, name: input.draft.name.trim(), audience: input.draft.audience, file },
        signal,
      );
    }),
  },
  guards: {
    sendable: ({ context, event }) => event.type === 'submit' && uploadProblem(event.draft, context.documentId !== null) === null,
  },
  actions: {
    take: assign(({ event }) => (event.type === 'submit' ? { draft: event.draft, problem: null, failure: null } : {})),
    refuse: assign(({ context, event }) =>
      event.type === 'submit' ? { problem: uploadProblem(event.draft, context.documentId !== null), failure: null } : {},
    ),
    setSaved: assign((_, saved: LibraryDocument) => ({ saved, draft: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    reset: assign({ saved: null, draft: null, problem: null, failure: null }),
  },
}).createMachine({
  id: 'documentUpload',
  context: ({ input }) => ({ documentId: input.documentId ?? null, draft: null, problem: null, saved: null, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: [{ guard: 'sendable', target: 'sending', actions: 'take' }, { actions: 'refuse' }],
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ documentId: context.documentId, draft: context.draft! }),
        onDone: { target: 'saved', actions: { type: 'setSaved', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { on: { again: { target: 'editing', actions: 'reset' } } },
  },
});
