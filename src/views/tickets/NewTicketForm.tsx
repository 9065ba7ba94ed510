// 'Nueva solicitud': a thin view over ticketMachine. Files are read here (the browser's FileReader) into
// data URLs after their type and size are checked, so a wrong file never travels; every rule of the form
// is the machine's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import {
  Alert,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ticketPath } from '../../api/sections';
import { TICKET_PRIORITIES, type TicketPriority } from '../../api/ticketLifecycle';
import {
  TICKET_AREA_MAX,
  TICKET_MAX_ATTACHMENTS,
  TICKET_TEXT_MAX,
  TICKET_TITLE_MAX,
  type TicketCategory,
} from '../../api/tickets';
import {
  type TicketDwellingChoice,
  type TicketFormField,
  type TicketPlace,
  ticketFormProblems,
  ticketMachine,
} from '../../machines/ticketMachine';
import { ACCEPTED_FILES, acceptableFile, readAttachment } from '../common/attachmentFiles';
import { FailureText } from '../common/FailureText';

const NONE = '';

export function NewTicketForm({
  sectionId,
  categorias,
  viviendas,
  onSent,
}: {
  sectionId: number;
  categorias: TicketCategory[];
  viviendas: TicketDwellingChoice[];
  onSent(): void;
}) {
  const intl = useIntl();
  const [state, send] = useMachine(ticketMachine, { input: { sectionId, categorias, viviendas } });
  const context = state.context;
  const sentId = state.matches('sent') ? context.result?.TicketId : undefined;
  useEffect(() => {
    if (sentId) onSent();
  }, [sentId, onSent]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const uploading = state.matches('uploading');
  // Fields take typing only while editing; after a failure, Corregir opens them again.
  const locked = !state.matches('editing');
  const problems = context.showProblems ? ticketFormProblems(context) : {};
  const problem = (field: TicketFormField, max?: number) =>
    problems[field] ? intl.formatMessage({ id: `tickets.form.problem.${field}.${problems[field]}` }, { max }) : undefined;

  async function attach(files: File[]) {
    setFileProblem(null);
    for (const file of files) {
      if (!acceptableFile(file)) {
        setFileProblem(intl.formatMessage({ id: 'tickets.form.fileRefused' }, { name: file.name }));
        continue;
      }
      if (!state.can({ type: 'attach', file: { name: file.name, dataUrl: '' } })) break;
      send({ type: 'attach', file: await readAttachment(file) });
    }
  }

  if (state.matches('sent') && context.result) {
    const { result } = context;
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Alert color="teal" role="status" aria-live="polite" w="100%" title={<FormattedMessage id="tickets.form.sentTitle" />}>
            <Stack gap={4}>
              <Text size="sm">
                <FormattedMessage id="tickets.form.sentNumber" values={{ id: result.TicketId }} />
              </Text>
              {result.MensajeConfirmacion ? (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {result.MensajeConfirmacion}
                </Text>
              ) : null}
              {result.copiaEnviada ? (
                <Text size="sm">
                  <FormattedMessage id="tickets.form.copySent" />
                </Text>
              ) : null}
            </Stack>
          </Alert>
          <Group gap="sm">
            <Button component={Link} href={ticketPath(sectionId, result.TicketId)} variant="light">
              <FormattedMessage id="tickets.form.viewSent" />
            </Button>
            <Button variant="subtle" onClick={() => send({ type: 'again' })}>
              <FormattedMessage id="tickets.form.another" />
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  const place = context.lugar;
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-label={intl.formatMessage({ id: 'tickets.form.title' })}
        aria-busy={uploading}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'submit' });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            <FormattedMessage id="tickets.form.title" />
          </Title>
          {categorias.length === 0 ? (
            <Alert color="yellow" role="status">
              <FormattedMessage id="tickets.form.noCategories" />
            </Alert>
          ) : null}
          <NativeSelect
            label={intl.formatMessage({ id: 'tickets.form.category' })}
            required
            disabled={locked}
            value={context.categoriaId === null ? NONE : String(context.categoriaId)}
            error={problem('categoria')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              send({ type: 'chooseCategory', categoriaId: value === NONE ? null : Number(value) });
            }}
            data={[
              { value: NONE, label: intl.formatMessage({ id: 'tickets.form.chooseCategory' }) },
              ...categorias.map((c) => ({ value: String(c.id), label: c.nombre })),
            ]}
          />
          <TextInput
            label={intl.formatMessage({ id: 'tickets.form.fieldTitle' })}
            required
            disabled={locked}
            value={context.titulo}
            maxLength={TICKET_TITLE_MAX}
            error={problem('titulo', TICKET_TITLE_MAX)}
            onChange={(event) => send({ type: 'edit', field: 'titulo', value: event.currentTarget.value })}
          />
          <Textarea
            label={intl.formatMessage({ id: 'tickets.form.description' })}
            required
            disabled={locked}
            value={context.descripcion}
            maxLength={TICKET_TEXT_MAX}
            rows={4}
            error={problem('descripcion', TICKET_TEXT_MAX)}
            onChange={(event) => send({ type: 'edit', field: 'descripcion', value: event.currentTarget.value })}
          />
          {viviendas.length > 0 ? (
            <Radio.Group
              label={intl.formatMessage({ id: 'tickets.form.where' })}
              value={place}
              onChange={(value) => send({ type: 'choosePlace', lugar: value as TicketPlace })}
            >
              <Group gap="md" mt={4} wrap="wrap">
                <Radio value="vivienda" disabled={locked} label={intl.formatMessage({ id: 'tickets.form.inDwelling' })} />
                <Radio value="area" disabled={locked} label={intl.formatMessage({ id: 'tickets.form.inCommonArea' })} />
              </Group>
            </Radio.Group>
          ) : null}
          {place === 'vivienda' ? (
            <NativeSelect
              label={intl.formatMessage({ id: 'tickets.form.dwelling' })}
              required
              disabled={locked}
              value={context.apmtId === null ? NONE : String(context.apmtId)}
              error={problem('lugar')}
              onChange={(event) => send({ type: 'chooseDwelling', apmtId: Number(event.currentTarget.value) })}
              data={viviendas.map((v) => ({ value: String(v.ApmtId), label: v.Nombre }))}
            />
          ) : (
            <TextInput
              label={intl.formatMessage({ id: 'tickets.form.commonArea' })}
              description={intl.formatMessage({ id: 'tickets.form.commonAreaHint' })}
              required
              disabled={locked}
              value={context.areaComun}
              maxLength={TICKET_AREA_MAX}
              error={problem('lugar', TICKET_AREA_MAX)}
              onChange={(event) => send({ type: 'edit', field: 'areaComun', value: event.currentTarget.value })}
            />
          )}
          <NativeSelect
            label={intl.formatMessage({ id: 'tickets.form.priority' })}
            disabled={locked}
            value={context.prioridad}
            onChange={(event) => send({ type: 'choosePriority', prioridad: event.currentTarget.value as TicketPriority })}
            data={TICKET_PRIORITIES.map((p) => ({ value: p, label: intl.formatMessage({ id: `tickets.priority.${p}` }) }))}
          />
          {context.adjuntos.length > 0 ? (
            <Stack
              gap={4}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={intl.formatMessage({ id: 'tickets.form.attached' })}
            >
              {context.adjuntos.map((file, index) => (
                <Group key={`${file.name}-${index}`} gap="xs" component="li" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {file.name}
                  </Text>
                  <CloseButton
                    size="sm"
                    disabled={locked}
                    aria-label={intl.formatMessage({ id: 'tickets.form.removeFile' }, { name: file.name })}
                    onClick={() => send({ type: 'detach', index })}
                  />
                </Group>
              ))}
            </Stack>
          ) : null}
          <Stack gap={2}>
            <FileButton onChange={attach} accept={ACCEPTED_FILES} multiple>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  style={{ alignSelf: 'flex-start' }}
                  disabled={locked || !state.can({ type: 'attach', file: { name: 'x', dataUrl: '' } })}
                >
                  <FormattedMessage id="tickets.form.attach" />
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              <FormattedMessage id="tickets.form.attachLimit" values={{ max: TICKET_MAX_ATTACHMENTS }} />
            </Text>
          </Stack>
          {fileProblem ? (
            <Text size="sm" c="red.8" role="alert">
              {fileProblem}
            </Text>
          ) : null}
          <div aria-live="polite">
            {uploading ? (
              <Text size="sm" c="dimmed" role="status">
                <FormattedMessage id="tickets.form.sending" />
              </Text>
            ) : null}
            {state.matches('failed') ? (
              <Alert color="red" role="alert" title={<FormattedMessage id="tickets.form.failedTitle" />}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    <FailureText failure={context.failure} />
                  </Text>
                  <Group gap="xs">
                    <Button size="xs" color="red" variant="outline" onClick={() => send({ type: 'retry' })}>
                      <FormattedMessage id="tickets.retry" />
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => send({ type: 'revise' })}>
                      <FormattedMessage id="tickets.form.revise" />
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
          </div>
          {state.matches('failed') ? null : (
            <Button type="submit" loading={uploading} style={{ alignSelf: 'flex-start' }} disabled={categorias.length === 0}>
              <FormattedMessage id="tickets.form.submit" />
            </Button>
          )}
          {Object.keys(problems).length > 0 ? (
            <Text size="sm" c="red.8" role="alert">
              <FormattedMessage id="tickets.form.fixProblems" />
            </Text>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
