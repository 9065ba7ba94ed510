// The poll editor over pollEditorMachine, in a dialog (full screen on a phone): "Nueva votación o encuesta"
// for administrators, "Proponer encuesta" for residents where the section lets them, "Editar votación" before a
// poll opens. Each field says what is wrong once touched (or all of them once sending was tried); the server's
// word on a field goes on that field; a lost race offers to start again from the poll as it is now.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Radio.css';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Fieldset,
  FileButton,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import {
  POLL_OPTION_MAX,
  POLL_QUESTION_MAX,
  POLL_TEXT_MAX,
  POLL_TITLE_MAX,
  type PollCounting,
  type PollKind,
  type PollsHomeAnswer,
  QUESTION_KINDS,
  type QuestionDraft,
  type QuestionKind,
} from '../../api/polls';
import type { DraftField } from '../../machines/pollDraft';
import {
  type DraftTextField,
  type ExistingPoll,
  editorSections,
  isAdministrator,
  pollEditorMachine,
  shownProblems,
} from '../../machines/pollEditorMachine';
import { ACCEPTED_FILES, acceptableFile, readAttachment } from '../common/attachmentFiles';
import { FailureText } from '../common/FailureText';
import { PollIcon } from './PollIcon';
import { pollPath } from './pollFormat';

type EditorState = ReturnType<typeof useMachine<typeof pollEditorMachine>>[0];
type EditorSend = ReturnType<typeof useMachine<typeof pollEditorMachine>>[1];

export function PollEditorDialog({
  home,
  existing,
  onClose,
  onSaved,
}: {
  home: PollsHomeAnswer;
  existing: ExistingPoll | null;
  onClose(): void;
  /** Told once the poll is saved (the list or the poll reads itself again). */
  onSaved(): void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [state, send] = useMachine(pollEditorMachine, { input: { home, existing } });
  const saving = state.matches('saving');
  const isSaved = state.matches('saved');
  // Told once, whatever the parent passes on its next renders.
  const told = useRef(onSaved);
  told.current = onSaved;
  useEffect(() => {
    if (isSaved) told.current();
  }, [isSaved]);
  const titleId = existing ? 'polls.editor.editTitle' : isAdministrator(home) ? 'polls.new' : 'polls.propose';
  return (
    <Modal
      opened
      onClose={() => {
        if (!saving) onClose();
      }}
      title={<FormattedMessage id={titleId} />}
      fullScreen={phone}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      {isSaved ? <Saved state={state} onClose={onClose} /> : <EditorForm state={state} send={send} onClose={onClose} />}
    </Modal>
  );
}

function Saved({ state, onClose }: { state: EditorState; onClose(): void }) {
  const saved = state.context.saved!;
  const id = state.context.existing
    ? 'polls.editor.savedChanges'
    : saved.estado === 'propuesta'
      ? 'polls.editor.proposed'
      : 'polls.editor.published';
  return (
    <Stack gap="md">
      <Alert color="teal" role="status" title={<FormattedMessage id={id} />}>
        {saved.estado === 'propuesta' ? <FormattedMessage id="polls.editor.proposedBody" /> : null}
      </Alert>
      <Group gap="sm">
        <Button component={Link} href={pollPath(saved.PollId)} onClick={onClose}>
          <FormattedMessage id="polls.editor.open" />
        </Button>
        <Button variant="default" onClick={onClose}>
          <FormattedMessage id="polls.close" />
        </Button>
      </Group>
    </Stack>
  );
}

function EditorForm({ state, send, onClose }: { state: EditorState; send: EditorSend; onClose(): void }) {
  const intl = useIntl();
  const { draft, home, existing, serverErrors } = state.context;
  const shown = shownProblems(state.context);
  const saving = state.matches('saving');
  const locked = !state.matches('editing');
  /** What a field shows: the server's word on it, else the rule's message once shown. */
  const problem = (field: DraftField) =>
    serverErrors[field] ?? (shown[field] ? intl.formatMessage({ id: shown[field] }) : undefined);
  const edit = (field: DraftTextField) => (event: { currentTarget: { value: string } }) =>
    send({ type: 'edit', field, value: event.currentTarget.value });
  const touch = (field: DraftField) => () => send({ type: 'touch', field });
  const sections = editorSections(home);
  const submitId = existing ? 'polls.editor.save' : isAdministrator(home) ? 'polls.editor.publish' : 'polls.editor.sendProposal';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'submit' });
      }}
    >
      <Stack gap="md">
        <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">
            {sections.length > 1 ? (
              <NativeSelect
                label={intl.formatMessage({ id: 'polls.editor.section' })}
                value={String(draft.sectionId)}
                onChange={(event) => send({ type: 'chooseSection', sectionId: Number(event.currentTarget.value) })}
                data={sections.map((s) => ({ value: String(s.SectId), label: s.SectName }))}
              />
            ) : null}
            {isAdministrator(home) ? (
              <Radio.Group
                label={intl.formatMessage({ id: 'polls.editor.kind' })}
                value={draft.tipo}
                onChange={(value) => send({ type: 'chooseKind', tipo: value as PollKind })}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="votacion" label={intl.formatMessage({ id: 'polls.editor.kindVotacion' })} />
                  <Radio value="encuesta" label={intl.formatMessage({ id: 'polls.editor.kindEncuesta' })} />
                </Stack>
              </Radio.Group>
            ) : null}
            {draft.tipo === 'votacion' ? (
              <NativeSelect
                label={intl.formatMessage({ id: 'polls.editor.counting' })}
                value={draft.conteo}
                error={problem('conteo')}
                onChange={(event) => send({ type: 'chooseCounting', conteo: event.currentTarget.value as PollCounting })}
                data={(['indiviso', 'vivienda'] as const).map((c) => ({
                  value: c,
                  label: intl.formatMessage({ id: `polls.editor.counting.${c}` }),
                }))}
              />
            ) : (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="polls.editor.countingPerson" />
              </Text>
            )}
            <TextInput
              required
              label={intl.formatMessage({ id: 'polls.editor.title' })}
              value={draft.Titulo}
              maxLength={POLL_TITLE_MAX}
              error={problem('Titulo')}
              onChange={edit('Titulo')}
              onBlur={touch('Titulo')}
            />
            <Textarea
              label={intl.formatMessage({ id: 'polls.editor.description' })}
              value={draft.Descripcion}
              maxLength={POLL_TEXT_MAX}
              rows={3}
              onChange={edit('Descripcion')}
            />
            <Group grow gap="sm" wrap="wrap" align="flex-start">
              <TextInput
                required
                type="datetime-local"
                label={intl.formatMessage({ id: 'polls.editor.opens' })}
                description={intl.formatMessage({ id: 'polls.editor.zone' }, { zone: home.zonaHoraria })}
                value={draft.abre}
                error={problem('abre')}
                onChange={edit('abre')}
                onBlur={touch('abre')}
                miw={220}
              />
              <TextInput
                required
                type="datetime-local"
                label={intl.formatMessage({ id: 'polls.editor.closes' })}
                description={intl.formatMessage({ id: 'polls.editor.zone' }, { zone: home.zonaHoraria })}
                value={draft.cierra}
                error={problem('cierra')}
                onChange={edit('cierra')}
                onBlur={touch('cierra')}
                miw={220}
              />
            </Group>
            <TextInput
              type="number"
              min={1}
              max={100}
              label={intl.formatMessage({ id: 'polls.editor.quorum' })}
              description={intl.formatMessage({ id: 'polls.editor.quorumHint' })}
              value={draft.quorum === null ? '' : String(draft.quorum)}
              onChange={(event) => {
                const text = event.currentTarget.value;
                send({ type: 'setQuorum', quorum: text === '' ? null : Number(text) });
              }}
              maw={260}
            />
            <Checkbox
              label={intl.formatMessage({ id: 'polls.editor.secret' })}
              description={intl.formatMessage({ id: 'polls.editor.secretHint' })}
              checked={draft.secreta}
              onChange={(event) => send({ type: 'setSwitch', option: 'secreta', value: event.currentTarget.checked })}
            />
            <Checkbox
              label={intl.formatMessage({ id: 'polls.editor.changeable' })}
              checked={draft.cambiable}
              onChange={(event) => send({ type: 'setSwitch', option: 'cambiable', value: event.currentTarget.checked })}
            />
            <Files state={state} send={send} />
            <Stack gap="sm">
              {draft.preguntas.map((question, index) => (
                <QuestionFields
                  // Keyed by place: questions have no id until saved; their place is who they are.
                  key={index}
                  question={question}
                  index={index}
                  count={draft.preguntas.length}
                  kind={draft.tipo}
                  problem={problem(`pregunta.${index}`)}
                  send={send}
                />
              ))}
              <Button
                variant="light"
                leftSection={<PollIcon name="plus" />}
                style={{ alignSelf: 'flex-start' }}
                disabled={!state.can({ type: 'addQuestion' })}
                onClick={() => send({ type: 'addQuestion' })}
              >
                <FormattedMessage id="polls.editor.addQuestion" />
              </Button>
            </Stack>
          </Stack>
        </fieldset>
        <div aria-live="polite">
          {state.context.submitted && Object.keys(shown).length > 0 && state.matches('editing') ? (
            <Text size="sm" c="red.8" role="alert">
              <FormattedMessage id={shown.form ?? 'polls.editor.checkFields'} />
            </Text>
          ) : null}
          {state.matches('failed') ? (
            <Alert color="red" role="alert" title={<FormattedMessage id="polls.editor.failedTitle" />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  <FailureText failure={state.context.failure} />
                </Text>
                <Group gap="xs">
                  <Button size="xs" color="red" variant="outline" onClick={() => send({ type: 'retry' })}>
                    <FormattedMessage id="polls.retry" />
                  </Button>
                  <Button size="xs" variant="default" onClick={() => send({ type: 'revise' })}>
                    <FormattedMessage id="polls.editor.revise" />
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          {state.matches('conflict') ? (
            <Alert color="orange" role="alert" title={<FormattedMessage id="polls.conflict.changed" />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{state.context.conflict?.message}</Text>
                <Group gap="xs">
                  {state.can({ type: 'startOver' }) ? (
                    <Button size="xs" variant="outline" color="orange" onClick={() => send({ type: 'startOver' })}>
                      <FormattedMessage id="polls.editor.startOver" />
                    </Button>
                  ) : null}
                  <Button size="xs" variant="default" onClick={onClose}>
                    <FormattedMessage id="polls.close" />
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            <FormattedMessage id="polls.close" />
          </Button>
          <Button type="submit" loading={saving} disabled={!saving && !state.can({ type: 'submit' })}>
            <FormattedMessage id={submitId} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Files({ state, send }: { state: EditorState; send: EditorSend }) {
  const intl = useIntl();
  const [refused, setRefused] = useState<string | null>(null);
  const { draft, keep, existing } = state.context;
  const kept = (existing?.adjuntos ?? []).filter((a) => keep.includes(a.id));
  async function attach(files: File[]) {
    setRefused(null);
    for (const file of files) {
      if (!acceptableFile(file)) {
        setRefused(intl.formatMessage({ id: 'polls.editor.fileRefused' }, { name: file.name }));
        continue;
      }
      send({ type: 'attach', file: await readAttachment(file) });
    }
  }
  const names = [
    ...kept.map((a) => ({ name: a.nombre, remove: () => send({ type: 'dropExisting', id: a.id }) })),
    ...draft.adjuntos.map((f, index) => ({ name: f.name, remove: () => send({ type: 'detach', index }) })),
  ];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        <FormattedMessage id="polls.editor.files" />
      </Text>
      {names.length > 0 ? (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {names.map((file, index) => (
            <Group key={`${file.name}-${index}`} component="li" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {file.name}
              </Text>
              <CloseButton
                size="sm"
                aria-label={intl.formatMessage({ id: 'polls.editor.removeFile' }, { name: file.name })}
                onClick={file.remove}
              />
            </Group>
          ))}
        </Stack>
      ) : null}
      <FileButton onChange={attach} accept={ACCEPTED_FILES} multiple>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            disabled={!state.can({ type: 'attach', file: { name: 'x', dataUrl: '' } })}
          >
            <FormattedMessage id="polls.editor.attach" />
          </Button>
        )}
      </FileButton>
      {refused ? (
        <Text size="sm" c="red.8" role="alert">
          {refused}
        </Text>
      ) : null}
    </Stack>
  );
}

function QuestionFields({
  question,
  index,
  count,
  kind,
  problem,
  send,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  kind: PollKind;
  problem: string | undefined;
  send: EditorSend;
}) {
  const intl = useIntl();
  const problemId = useId();
  const n = index + 1;
  // Free text only in encuestas (shown anyway when a question already is one, so it can be changed).
  const kinds = QUESTION_KINDS.filter((k) => k !== 'abierta' || kind === 'encuesta' || question.tipo === 'abierta');
  const hasOptions = question.tipo === 'unica' || question.tipo === 'multiple';
  return (
    <Fieldset
      legend={intl.formatMessage({ id: 'polls.editor.question' }, { n })}
      aria-describedby={problem ? problemId : undefined}
      radius="md"
    >
      <Stack gap="sm">
        <TextInput
          required
          label={intl.formatMessage({ id: 'polls.editor.questionText' }, { n })}
          value={question.Texto}
          maxLength={POLL_QUESTION_MAX}
          onChange={(event) => send({ type: 'editQuestion', index, Texto: event.currentTarget.value })}
          onBlur={() => send({ type: 'touch', field: `pregunta.${index}` })}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'polls.editor.questionKind' }, { n })}
          value={question.tipo}
          onChange={(event) => send({ type: 'chooseQuestionKind', index, tipo: event.currentTarget.value as QuestionKind })}
          data={kinds.map((k) => ({ value: k, label: intl.formatMessage({ id: `polls.questionKind.${k}` }) }))}
        />
        {question.tipo === 'sino' ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="polls.editor.yesNoOptions" />
          </Text>
        ) : null}
        {hasOptions ? (
          <Stack gap={6}>
            {question.opciones.map((option, o) => (
              <Group
                // Keyed by place: an option is its place until saved.
                key={o}
                gap={4}
                wrap="nowrap"
                align="flex-end"
              >
                <TextInput
                  style={{ flex: 1, minWidth: 0 }}
                  label={intl.formatMessage({ id: 'polls.editor.option' }, { n: o + 1, question: n })}
                  value={option}
                  maxLength={POLL_OPTION_MAX}
                  onChange={(event) => send({ type: 'editOption', index, option: o, value: event.currentTarget.value })}
                  onBlur={() => send({ type: 'touch', field: `pregunta.${index}` })}
                />
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  disabled={o === 0}
                  aria-label={intl.formatMessage({ id: 'polls.editor.optionUp' }, { n: o + 1, question: n })}
                  onClick={() => send({ type: 'moveOption', index, option: o, to: o - 1 })}
                >
                  <PollIcon name="up" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  disabled={o === question.opciones.length - 1}
                  aria-label={intl.formatMessage({ id: 'polls.editor.optionDown' }, { n: o + 1, question: n })}
                  onClick={() => send({ type: 'moveOption', index, option: o, to: o + 1 })}
                >
                  <PollIcon name="down" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  disabled={question.opciones.length <= 2}
                  aria-label={intl.formatMessage({ id: 'polls.editor.optionRemove' }, { n: o + 1, question: n })}
                  onClick={() => send({ type: 'removeOption', index, option: o })}
                >
                  <PollIcon name="remove" />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<PollIcon name="plus" />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => send({ type: 'addOption', index })}
            >
              <FormattedMessage id="polls.editor.addOption" />
            </Button>
          </Stack>
        ) : null}
        {question.tipo === 'multiple' ? (
          <TextInput
            type="number"
            min={2}
            max={question.opciones.length}
            label={intl.formatMessage({ id: 'polls.editor.maximum' }, { n })}
            value={question.maximo === null ? '' : String(question.maximo)}
            onChange={(event) => send({ type: 'setMaximum', index, maximo: Number(event.currentTarget.value) })}
            maw={220}
          />
        ) : null}
        {problem ? (
          <Text size="sm" c="red.8" id={problemId}>
            {problem}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<PollIcon name="up" />}
            disabled={index === 0}
            onClick={() => send({ type: 'moveQuestion', index, to: index - 1 })}
          >
            <FormattedMessage id="polls.editor.questionUp" values={{ n }} />
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<PollIcon name="down" />}
            disabled={index === count - 1}
            onClick={() => send({ type: 'moveQuestion', index, to: index + 1 })}
          >
            <FormattedMessage id="polls.editor.questionDown" values={{ n }} />
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<PollIcon name="remove" />}
            disabled={count <= 1}
            onClick={() => send({ type: 'removeQuestion', index })}
          >
            <FormattedMessage id="polls.editor.questionRemove" values={{ n }} />
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
