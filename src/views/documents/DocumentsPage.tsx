import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
// /condominio/others (issue 32): the condominium's document library. The folders (reglamento, libro de actas,
// contratos, seguros, planos and the ones the administrator added) with how many documents each shows the reader; a
// folder's documents by name, searched by name, a page at a time, each with who may see it and its current version;
// Versiones opens every version with who uploaded it and when. Administrators upload, add a version, archive or
// restore, see the archive and add folders. A thin view over documentLibraryMachine (and documentUploadMachine).
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DOCUMENT_NAME_MAX, DOCUMENT_PAGE_SIZE, DOCUMENT_SEARCH_MAX, type LibraryDocument } from '../../api/documents';
import { canManageDocuments } from '../../api/permissions';
import { documentLibraryMachine } from '../../machines/documentLibraryMachine';
import { FailureAlert } from '../common/FailureAlert';
import { PagedList } from '../common/PagedList';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { folderLabel } from './folderLabel';
import { UploadDocumentForm } from './UploadDocumentForm';

const AUDIENCE_COLOR = { everyone: 'gray', owners: 'blue', board: 'grape', admins: 'red' } as const;
const SEARCH_WAIT_MS = 300;

export default function DocumentsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'library.title' }));
  if (!data) return null;
  return <Library manage={canManageDocuments(data)} />;
}

const when = (local: string) => local.replace('T', ' ');

export function Library({ manage }: { manage: boolean }) {
  const intl = useIntl();
  const [state, send] = useMachine(documentLibraryMachine, { input: { manage } });
  const { query, folders, items, total, open, notice, failure } = state.context;
  const [typed, setTyped] = useState('');
  const [uploading, setUploading] = useState(false);
  const [folderName, setFolderName] = useState<string | null>(null);
  useEffect(() => {
    if (typed === query.q) return;
    const timer = setTimeout(() => send({ type: 'search', q: typed }), SEARCH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [typed, query.q, send]);
  const saved = useCallback(
    (document: LibraryDocument, version: boolean) => {
      setUploading(false);
      send({ type: 'saved', document, version });
    },
    [send],
  );
  const savedNew = useCallback((document: LibraryDocument) => saved(document, false), [saved]);
  const savedVersion = useCallback((document: LibraryDocument) => saved(document, true), [saved]);

  if (state.matches('failed')) return <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;
  const settled = !state.matches('loading');
  const folderOf = (key: string) => folders.find((f) => f.key === key);
  const addFolder = (e: FormEvent) => {
    e.preventDefault();
    if (folderName?.trim()) send({ type: 'addFolder', name: folderName });
    setFolderName(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>
          <FormattedMessage id="library.title" />
        </Title>
        {manage ? (
          <Group>
            <Button variant="default" onClick={() => setFolderName('')}>
              <FormattedMessage id="library.newFolder" />
            </Button>
            <Button onClick={() => setUploading(true)}>
              <FormattedMessage id="library.upload" />
            </Button>
          </Group>
        ) : null}
      </Group>
      <Group grow align="flex-end">
        <NativeSelect
          label={intl.formatMessage({ id: 'library.field.folder' })}
          value={query.folder ?? ''}
          data={[
            { value: '', label: intl.formatMessage({ id: 'library.allFolders' }) },
            ...folders.map((f) => ({
              value: f.key,
              label: intl.formatMessage({ id: 'library.folderCount' }, { name: folderLabel(intl, f), count: f.count }),
            })),
          ]}
          onChange={(e) => send({ type: 'folder', folder: e.currentTarget.value || null })}
        />
        <TextInput
          type="search"
          label={intl.formatMessage({ id: 'library.search' })}
          maxLength={DOCUMENT_SEARCH_MAX}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
      </Group>
      {manage ? (
        <Checkbox
          label={intl.formatMessage({ id: 'library.showArchived' })}
          checked={query.archived}
          onChange={(e) => send({ type: 'showArchived', archived: e.currentTarget.checked })}
        />
      ) : null}
      {notice ? (
        <Alert color="green" role="status" withCloseButton onClose={() => send({ type: 'dismiss' })}>
          <FormattedMessage id={`library.notice.${notice}`} />
        </Alert>
      ) : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      {!settled && items.length === 0 ? <LoadingCard /> : null}
      <PagedList
        label={intl.formatMessage({ id: 'library.listLabel' })}
        items={items}
        keyOf={(d) => d.id}
        empty={
          settled && total === 0 ? (
            query.q.trim() ? (
              <FormattedMessage id="library.emptySearch" values={{ q: query.q.trim() }} />
            ) : (
              <FormattedMessage id="library.empty" />
            )
          ) : null
        }
        count={settled && total > 0 ? <FormattedMessage id="library.count" values={{ count: total }} /> : null}
        pages={{
          total: Math.ceil(total / DOCUMENT_PAGE_SIZE),
          page: Math.floor(query.offset / DOCUMENT_PAGE_SIZE) + 1,
          onChange: (page) => send({ type: 'page', offset: (page - 1) * DOCUMENT_PAGE_SIZE }),
          label: intl.formatMessage({ id: 'library.pages' }),
          pageLabel: (page) => intl.formatMessage({ id: 'library.page' }, { page }),
        }}
      >
        {(document) => {
          const folder = folderOf(document.folder);
          return (
            <Card withBorder padding="sm" data-testid={`document-${document.id}`}>
              <Stack gap={4}>
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>{document.name}</Text>
                  <Group gap="xs">
                    {folder ? <Badge variant="light">{folderLabel(intl, folder)}</Badge> : null}
                    <Badge color={AUDIENCE_COLOR[document.audience]} variant="light">
                      <FormattedMessage id={`library.audience.${document.audience}`} />
                    </Badge>
                    {document.archived ? (
                      <Badge color="gray">
                        <FormattedMessage id="library.archived" />
                      </Badge>
                    ) : null}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  <FormattedMessage
                    id="library.versionLine"
                    values={{
                      number: document.current.number,
                      by: document.current.uploadedBy ?? intl.formatMessage({ id: 'library.unknownUploader' }),
                      at: when(document.current.uploadedAt),
                    }}
                  />
                </Text>
                <Group gap="sm">
                  <Anchor href={document.current.url} target="_blank" rel="noopener">
                    <FormattedMessage id="library.open" />
                  </Anchor>
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={state.matches('opening')}
                    onClick={() => send({ type: 'open', id: document.id })}
                  >
                    <FormattedMessage id="library.versions" />
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        }}
      </PagedList>

      {open ? (
        <Modal
          opened
          onClose={() => send({ type: 'close' })}
          title={<FormattedMessage id="library.versionsOf" values={{ name: open.name }} />}
          centered
        >
          <Stack gap="sm">
            <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {open.versions.map((v) => (
                <li key={v.number}>
                  <Group justify="space-between" wrap="wrap">
                    <Anchor href={v.url} target="_blank" rel="noopener">
                      {v.fileName}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      <FormattedMessage
                        id="library.versionLine"
                        values={{
                          number: v.number,
                          by: v.uploadedBy ?? intl.formatMessage({ id: 'library.unknownUploader' }),
                          at: when(v.uploadedAt),
                        }}
                      />
                    </Text>
                  </Group>
                  {v.note ? <Text size="sm">{v.note}</Text> : null}
                </li>
              ))}
            </Stack>
            {manage ? (
              <>
                <Title order={4}>
                  <FormattedMessage id="library.newVersion" />
                </Title>
                <UploadDocumentForm documentId={open.id} folders={folders} onSaved={savedVersion} />
                <Group>
                  <Button
                    variant="outline"
                    color={open.archived ? 'blue' : 'red'}
                    loading={state.matches('archiving')}
                    onClick={() => send({ type: 'archive', id: open.id, archived: !open.archived })}
                  >
                    <FormattedMessage id={open.archived ? 'library.unarchive' : 'library.archive'} />
                  </Button>
                </Group>
              </>
            ) : null}
          </Stack>
        </Modal>
      ) : null}

      {uploading ? (
        <Modal opened onClose={() => setUploading(false)} title={<FormattedMessage id="library.upload" />} centered>
          <UploadDocumentForm folders={folders} folder={query.folder} onSaved={savedNew} onCancel={() => setUploading(false)} />
        </Modal>
      ) : null}

      {folderName !== null ? (
        <Modal opened onClose={() => setFolderName(null)} title={<FormattedMessage id="library.newFolder" />} centered>
          <form onSubmit={addFolder} noValidate>
            <Stack gap="sm">
              <TextInput
                label={intl.formatMessage({ id: 'library.field.folderName' })}
                required
                data-autofocus
                maxLength={DOCUMENT_NAME_MAX}
                value={folderName}
                onChange={(e) => setFolderName(e.currentTarget.value)}
              />
              <Group>
                <Button type="submit" loading={state.matches('addingFolder')}>
                  <FormattedMessage id="library.send" />
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      ) : null}
    </Stack>
  );
}
