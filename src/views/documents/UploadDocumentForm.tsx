import '@mantine/core/styles/Input.css';
// Uploading to the document library (administrators): a new document (folder, name, who sees it, a PDF or an image),
// or, given a document, its new version (the file and a note). A thin view over documentUploadMachine; when saved it
// hands the document to the library (onSaved).
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  DOCUMENT_AUDIENCES,
  DOCUMENT_NAME_MAX,
  DOCUMENT_NOTE_MAX,
  type DocumentAudience,
  type DocumentFolder,
  type LibraryDocument,
} from '../../api/documents';
import { ATTACHMENT_TYPES } from '../../api/uploads';
import { documentUploadMachine, type UploadDraft } from '../../machines/documentUploadMachine';
import { FailureAlert } from '../common/FailureAlert';
import { folderLabel } from './folderLabel';

export function UploadDocumentForm(props: {
  /** A new version of this document; none: a new document. */
  documentId?: number;
  folders: readonly DocumentFolder[];
  folder?: string | null;
  onSaved(document: LibraryDocument): void;
  onCancel?(): void;
}) {
  const intl = useIntl();
  const [state, send] = useMachine(documentUploadMachine, { input: { documentId: props.documentId ?? null } });
  const { problem, failure, saved } = state.context;
  const [draft, setDraft] = useState<UploadDraft>({
    folder: props.folder ?? props.folders[0]?.key ?? 'reglamento',
    name: '',
    audience: 'everyone',
    note: '',
    file: null,
  });
  const forVersion = props.documentId !== undefined;
  const { onSaved } = props;
  useEffect(() => {
    if (saved) {
      onSaved(saved);
      send({ type: 'again' });
      setDraft((d) => ({ ...d, name: '', note: '', file: null }));
    }
  }, [saved, onSaved, send]);
  const set = (patch: Partial<UploadDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'submit', draft });
  };
  const fileId = forVersion ? `document-version-file-${props.documentId}` : 'document-file';
  const title = intl.formatMessage({ id: forVersion ? 'library.newVersion' : 'library.upload' });

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="sm">
        {forVersion ? null : (
          <>
            <NativeSelect
              label={intl.formatMessage({ id: 'library.field.folder' })}
              value={draft.folder}
              data={props.folders.map((f) => ({ value: f.key, label: folderLabel(intl, f) }))}
              onChange={(e) => set({ folder: e.currentTarget.value })}
            />
            <TextInput
              label={intl.formatMessage({ id: 'library.field.name' })}
              required
              maxLength={DOCUMENT_NAME_MAX}
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={problem === 'name' ? intl.formatMessage({ id: 'library.problem.name' }) : undefined}
            />
            <NativeSelect
              label={intl.formatMessage({ id: 'library.field.audience' })}
              value={draft.audience}
              data={DOCUMENT_AUDIENCES.map((a) => ({ value: a, label: intl.formatMessage({ id: `library.audience.${a}` }) }))}
              onChange={(e) => set({ audience: e.currentTarget.value as DocumentAudience })}
            />
          </>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} component="label" htmlFor={fileId}>
            <FormattedMessage id="library.field.file" />
          </Text>
          <input
            id={fileId}
            type="file"
            accept={ATTACHMENT_TYPES.join(',')}
            onChange={(e) => set({ file: e.currentTarget.files?.[0] ?? null })}
          />
          {problem === 'file' || problem === 'fileType' || problem === 'fileTooLarge' ? (
            <Text size="sm" c="red" role="alert">
              <FormattedMessage id={`library.problem.${problem}`} />
            </Text>
          ) : null}
        </Stack>
        {forVersion ? (
          <TextInput
            label={intl.formatMessage({ id: 'library.field.note' })}
            maxLength={DOCUMENT_NOTE_MAX}
            value={draft.note}
            onChange={(e) => set({ note: e.currentTarget.value })}
          />
        ) : null}
        {failure ? <FailureAlert failure={failure} /> : null}
        <Group>
          <Button type="submit" loading={state.matches('sending')}>
            <FormattedMessage id="library.send" />
          </Button>
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              <FormattedMessage id="library.cancel" />
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
