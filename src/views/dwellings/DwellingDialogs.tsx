import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
// The dialogs of the towers and dwellings tab: a dwelling's name, tower and share (typed as a percentage, stored
// in parts per million); a tower's name; and the confirmation before deactivating either. Each shows the
// server's refusal (a name taken) and stays open until the change is saved.
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  DWELLING_NAME_MAX,
  type Dwelling,
  type DwellingDraft,
  percentToShare,
  shareToPercent,
  TOWER_NAME_MAX,
  type Tower,
  type TowerDraft,
} from '../../api/dwellings';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from '../common/FailureAlert';

const usePhone = () => !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

interface DialogProps {
  busy: boolean;
  /** The change's refusal or failure, said in the dialog that asked for it. */
  failure: CallFailure | null;
  onClose: () => void;
}

function nameProblem(name: string, max: number): { id: string; values?: Record<string, number> } | null {
  if (!name.trim()) return { id: 'dwellings.form.nameRequired' };
  if (name.trim().length > max) return { id: 'dwellings.form.nameTooLong', values: { max } };
  return null;
}

export function DwellingDialog({
  dwelling,
  towers,
  onSave,
  ...props
}: DialogProps & { dwelling: Dwelling | null; towers: readonly Tower[]; onSave: (draft: DwellingDraft) => void }) {
  const intl = useIntl();
  const phone = usePhone();
  const [name, setName] = useState(dwelling?.Nombre ?? '');
  const [tower, setTower] = useState(dwelling?.TowerId ? String(dwelling.TowerId) : '');
  const [share, setShare] = useState(dwelling ? shareToPercent(dwelling.indiviso) : '0');
  const [tried, setTried] = useState(false);
  const nameError = nameProblem(name, DWELLING_NAME_MAX);
  const ppm = percentToShare(share);
  const choices = towers.filter((t) => t.activa || t.TowerId === dwelling?.TowerId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameError || ppm === null) return;
    onSave({
      ...(dwelling ? { ApmtId: dwelling.ApmtId } : {}),
      Nombre: name.trim(),
      TowerId: tower ? Number(tower) : null,
      indiviso: ppm,
    });
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      fullScreen={phone}
      title={<FormattedMessage id={dwelling ? 'dwellings.form.editDwelling' : 'dwellings.form.newDwelling'} />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={<FormattedMessage id="dwellings.form.name" />}
            required
            value={name}
            maxLength={DWELLING_NAME_MAX + 10}
            onChange={(e) => setName(e.currentTarget.value)}
            error={tried && nameError ? intl.formatMessage({ id: nameError.id }, nameError.values) : undefined}
            data-autofocus
          />
          <NativeSelect
            label={<FormattedMessage id="dwellings.form.tower" />}
            value={tower}
            onChange={(e) => setTower(e.currentTarget.value)}
            data={[
              { value: '', label: intl.formatMessage({ id: 'dwellings.noTower' }) },
              ...choices.map((t) => ({ value: String(t.TowerId), label: t.Nombre })),
            ]}
          />
          <TextInput
            label={<FormattedMessage id="dwellings.form.share" />}
            description={<FormattedMessage id="dwellings.form.shareHint" />}
            inputMode="decimal"
            value={share}
            onChange={(e) => setShare(e.currentTarget.value)}
            error={tried && ppm === null ? intl.formatMessage({ id: 'dwellings.form.shareInvalid' }) : undefined}
          />
          {props.failure ? <FailureAlert failure={props.failure} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              <FormattedMessage id="dwellings.action.cancel" />
            </Button>
            <Button type="submit" loading={props.busy}>
              <FormattedMessage id="dwellings.action.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function TowerDialog({
  tower,
  onSave,
  ...props
}: DialogProps & { tower: Tower | null; onSave: (draft: TowerDraft) => void }) {
  const intl = useIntl();
  const phone = usePhone();
  const [name, setName] = useState(tower?.Nombre ?? '');
  const [tried, setTried] = useState(false);
  const nameError = nameProblem(name, TOWER_NAME_MAX);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameError) return;
    onSave({ ...(tower ? { TowerId: tower.TowerId } : {}), Nombre: name.trim() });
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      fullScreen={phone}
      title={<FormattedMessage id={tower ? 'dwellings.form.editTower' : 'dwellings.form.newTower'} />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={<FormattedMessage id="dwellings.form.name" />}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={tried && nameError ? intl.formatMessage({ id: nameError.id }, nameError.values) : undefined}
            data-autofocus
          />
          {props.failure ? <FailureAlert failure={props.failure} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              <FormattedMessage id="dwellings.action.cancel" />
            </Button>
            <Button type="submit" loading={props.busy}>
              <FormattedMessage id="dwellings.action.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeactivateDialog({
  kind,
  name,
  residents,
  onConfirm,
  ...props
}: DialogProps & { kind: 'tower' | 'dwelling'; name: string; residents: number; onConfirm: () => void }) {
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={
        <FormattedMessage
          id={kind === 'tower' ? 'dwellings.confirm.deactivateTower' : 'dwellings.confirm.deactivateDwelling'}
          values={{ name }}
        />
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="dwellings.confirm.body" />
        </Text>
        {residents > 0 ? (
          <Text size="sm" fw={600}>
            <FormattedMessage id="dwellings.confirm.residents" values={{ count: residents }} />
          </Text>
        ) : null}
        {props.failure ? <FailureAlert failure={props.failure} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            <FormattedMessage id="dwellings.action.cancel" />
          </Button>
          <Button color="red" loading={props.busy} onClick={onConfirm}>
            <FormattedMessage id="dwellings.action.deactivate" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
