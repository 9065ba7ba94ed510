import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Radio.css';
// 'Nueva conversación': write for one's dwelling (or as the administration), to the administration or to a
// dwelling picked by tower then dwelling, with a first message and photos. The directory carries dwelling
// names only, never anyone's e-mail or phone. A thin view over the inbox machine's composing state; once
// started, the page opens the conversation.
import { Alert, Button, Group, Modal, NativeSelect, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { MESSAGE_TEXT_MAX } from '../../api/conversations';
import {
  type conversationListMachine,
  dwellingsOf,
  type TowerChoice,
  towerChoices,
} from '../../machines/conversationListMachine';
import { canAddPhoto } from '../../machines/messagePhotos';
import { FailureText } from '../common/FailureText';
import { dwellingName, stateName } from './conversationTime';
import { PhotoPicker } from './PhotoPicker';

type ListActor = ActorRefFrom<typeof conversationListMachine>;

const NO_TOWER = 'none';

export function NewConversationDialog({ actor }: { actor: ListActor }) {
  const state = useSelector(actor, (s) => s);
  const composing = state.matches({ ready: 'composing' });
  const starting = state.matches({ ready: { composing: 'starting' } });
  const cancel = () => actor.send({ type: 'cancel' });
  const cancelButton = (
    <Button variant="default" onClick={cancel} disabled={!state.can({ type: 'cancel' })}>
      <FormattedMessage id="common.cancel" />
    </Button>
  );

  return (
    <Modal
      opened={composing}
      onClose={() => {
        if (state.can({ type: 'cancel' })) cancel();
      }}
      title={<FormattedMessage id="conversations.new.title" />}
      closeOnClickOutside={!starting}
      closeOnEscape={!starting}
      withCloseButton={!starting}
      centered
    >
      <div data-state={stateName(state.value)}>
        {state.matches({ ready: { composing: 'loadingDirectory' } }) ? (
          <Stack gap="md" aria-busy>
            <Text role="status">
              <FormattedMessage id="conversations.new.loading" />
            </Text>
            <Group justify="flex-end">{cancelButton}</Group>
          </Stack>
        ) : null}
        {state.matches({ ready: { composing: 'directoryFailed' } }) ? (
          <Stack gap="md">
            <Alert color="red" role="alert" title={<FormattedMessage id="conversations.new.failed" />}>
              <FailureText failure={state.context.failure} />
            </Alert>
            <Group justify="flex-end">
              {cancelButton}
              <Button onClick={() => actor.send({ type: 'retry' })}>
                <FormattedMessage id="common.retry" />
              </Button>
            </Group>
          </Stack>
        ) : null}
        {state.matches({ ready: { composing: 'unavailable' } }) ? (
          <Stack gap="md">
            <Text role="alert">
              <FormattedMessage id="conversations.new.unavailable" />
            </Text>
            <Group justify="flex-end">{cancelButton}</Group>
          </Stack>
        ) : null}
        {state.matches({ ready: { composing: 'form' } }) || starting ? (
          <DraftForm actor={actor} cancelButton={cancelButton} />
        ) : null}
      </div>
    </Modal>
  );
}

function DraftForm({ actor, cancelButton }: { actor: ListActor; cancelButton: ReactNode }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const starting = state.matches({ ready: { composing: 'starting' } });
  const { directory, draft, failure } = state.context;
  if (!directory) return null;
  const sides = [
    ...directory.mias.map((m) => ({ value: String(m.ApmtId), label: dwellingName(m) })),
    ...(directory.comoAdministracion
      ? [{ value: '', label: intl.formatMessage({ id: 'conversations.new.asAdministration' }) }]
      : []),
  ];
  const towerName = (tower: TowerChoice) =>
    tower === NO_TOWER
      ? intl.formatMessage({ id: 'conversations.new.noTower' })
      : (directory.torres.find((t) => t.TorreId === tower)?.TorreName ?? '');
  const dwellings = dwellingsOf(directory, draft.tower, draft.desde);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'conversations.new.title' })}>
      <Stack gap="sm">
        {sides.length > 1 ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'conversations.new.side' })}
            value={draft.desde === null ? '' : String(draft.desde)}
            data={sides}
            disabled={starting}
            onChange={(e) => {
              const value = e.currentTarget.value;
              actor.send({ type: 'chooseSide', apmtId: value === '' ? null : Number(value) });
            }}
          />
        ) : (
          <Text size="sm">
            <FormattedMessage id="conversations.new.writingAs" values={{ name: sides[0]?.label ?? '' }} />
          </Text>
        )}
        {draft.desde !== null ? (
          <Radio.Group
            label={intl.formatMessage({ id: 'conversations.new.to' })}
            value={draft.to ?? ''}
            onChange={(to) => actor.send({ type: 'chooseRecipient', to: to as 'administracion' | 'vivienda' })}
          >
            <Group gap="md" mt={4}>
              <Radio
                value="administracion"
                disabled={starting}
                label={intl.formatMessage({ id: 'conversations.new.toAdministration' })}
              />
              <Radio value="vivienda" disabled={starting} label={intl.formatMessage({ id: 'conversations.new.toDwelling' })} />
            </Group>
          </Radio.Group>
        ) : null}
        {draft.to === 'vivienda' ? (
          <Group grow gap="sm" align="flex-start" wrap="wrap">
            <NativeSelect
              label={intl.formatMessage({ id: 'conversations.new.tower' })}
              value={draft.tower === null ? '' : String(draft.tower)}
              disabled={starting}
              miw={140}
              data={[
                { value: '', label: intl.formatMessage({ id: 'conversations.new.chooseTower' }), disabled: true },
                ...towerChoices(directory).map((tower) => ({ value: String(tower), label: towerName(tower) })),
              ]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (value) actor.send({ type: 'chooseTower', tower: value === NO_TOWER ? NO_TOWER : Number(value) });
              }}
            />
            <NativeSelect
              label={intl.formatMessage({ id: 'conversations.new.dwelling' })}
              value={draft.apmtId === null ? '' : String(draft.apmtId)}
              disabled={starting || draft.tower === null}
              miw={140}
              data={[
                { value: '', label: intl.formatMessage({ id: 'conversations.new.chooseDwelling' }), disabled: true },
                ...dwellings.map((d) => ({ value: String(d.ApmtId), label: dwellingName(d) })),
              ]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (value) actor.send({ type: 'chooseDwelling', apmtId: Number(value) });
              }}
            />
          </Group>
        ) : null}
        <Textarea
          label={intl.formatMessage({ id: 'conversations.new.message' })}
          value={draft.text}
          maxLength={MESSAGE_TEXT_MAX}
          autosize
          minRows={3}
          maxRows={8}
          required
          disabled={starting}
          onChange={(e) => actor.send({ type: 'edit', text: e.currentTarget.value })}
        />
        <PhotoPicker
          photos={draft.photos}
          canAdd={canAddPhoto(draft.photos)}
          disabled={starting}
          onAdd={(photo) => actor.send({ type: 'attach', photo })}
          onRemove={(index) => actor.send({ type: 'detach', index })}
        />
        <Text size="xs" c="dimmed">
          <FormattedMessage id="conversations.new.privacy" />
        </Text>
        {state.matches({ ready: { composing: { form: 'failed' } } }) ? (
          <Alert color="red" role="alert" title={<FormattedMessage id="conversations.new.startFailed" />}>
            <FailureText failure={failure} />
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {cancelButton}
          <Button type="submit" loading={starting} disabled={!state.can({ type: 'submit' }) && !starting}>
            <FormattedMessage id="conversations.new.send" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
