// The permissions editor of configuracion, tab 'permisos', in a dialog (full screen on a phone), over
// permissionsEditorMachine: one member's role flags, each permission key of EDITABLE_PERMISSIONS (a switch
// named by its key and meaning, "COM-EDO · Estado de cuenta", and its level where it has several), and the
// role functions (Sin acceso, Lectura, Escritura, Total). Guardar sends the whole set; the server's refusals
// (changed meanwhile, the last administrator) are said here with the set as it is now.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Fieldset, Group, Loader, Modal, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MEMBER_ROLES, type MemberPermissions } from '../../api/memberPermissions';
import { EDITABLE_PERMISSIONS, ROLE_FUNCTION_MAX } from '../../api/permissions';
import { isDirty, permissionsEditorMachine } from '../../machines/permissionsEditorMachine';
import { FailureAlert } from '../common/FailureAlert';

const FUNCTION_LEVELS = Array.from({ length: ROLE_FUNCTION_MAX + 1 }, (_, i) => i);

export function PermissionsEditor({
  membershipId,
  name,
  onClose,
  onSaved,
}: {
  membershipId: number;
  name: string;
  onClose(): void;
  onSaved(member: MemberPermissions): void;
}) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [state, send] = useMachine(permissionsEditorMachine, { input: { membershipId } });
  const { member, draft, refusal, failure } = state.context;
  const saved = state.matches({ ready: 'saved' });
  useEffect(() => {
    if (saved && member) onSaved(member);
  }, [saved, member, onSaved]);
  const busy = state.matches('saving');
  const dirty = isDirty(state.context);

  return (
    <Modal
      opened
      onClose={() => (busy ? undefined : onClose())}
      fullScreen={phone}
      size="lg"
      title={label('memberPermissions.editorTitle', { name: member?.nombre ?? name })}
      closeButtonProps={{ 'aria-label': label('memberPermissions.close') }}
    >
      {state.matches('loading') ? (
        <Group justify="center" py="xl">
          <Loader aria-label={label('memberPermissions.loading')} />
        </Group>
      ) : null}
      {state.matches('loadFailed') ? (
        <FailureAlert failure={failure} title={label('memberPermissions.loadFailed')} onRetry={() => send({ type: 'retry' })} />
      ) : null}
      {member && draft ? (
        <form
          data-editor-state={JSON.stringify(state.value)}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'save' });
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {member.esYo ? `${member.email} · ${label('memberPermissions.you')}` : member.email}
            </Text>
            {state.matches({ ready: 'stale' }) ? (
              <Alert color="yellow" role="alert" title={label('memberPermissions.staleTitle')}>
                <Text size="sm">{refusal}</Text>
                <Text size="sm">
                  <FormattedMessage id="memberPermissions.staleHint" />
                </Text>
              </Alert>
            ) : null}
            {state.matches({ ready: 'lastAdmin' }) ? (
              <Alert color="red" role="alert" title={label('memberPermissions.lastAdminTitle')}>
                <Text size="sm">{refusal}</Text>
              </Alert>
            ) : null}
            {state.matches({ ready: 'failed' }) ? (
              <FailureAlert failure={failure} title={label('memberPermissions.failed')} onRetry={() => send({ type: 'retry' })} />
            ) : null}
            {saved ? (
              <Alert color="green" role="status">
                <FormattedMessage id="memberPermissions.saved" />
              </Alert>
            ) : null}

            <Fieldset legend={label('memberPermissions.rolesTitle')} disabled={busy}>
              <Stack gap="xs">
                {MEMBER_ROLES.map((role) => (
                  <Switch
                    key={role}
                    label={label(`memberPermissions.role.${role}`)}
                    checked={draft.roles[role]}
                    onChange={(e) => send({ type: 'setRole', role, value: e.currentTarget.checked })}
                  />
                ))}
              </Stack>
            </Fieldset>

            <Fieldset legend={label('memberPermissions.permissionsTitle')} disabled={busy}>
              <Stack gap="sm">
                {draft.permisos.map((grant) => {
                  const levels = EDITABLE_PERMISSIONS.find((p) => p.clave === grant.clave)?.levels ?? [];
                  const meaning = label(`memberPermissions.permission.${grant.clave}`);
                  return (
                    <Group key={grant.clave} justify="space-between" wrap="wrap" gap="xs">
                      <Switch
                        label={label('memberPermissions.permissionLabel', { clave: grant.clave, meaning })}
                        checked={grant.activa}
                        onChange={(e) => send({ type: 'setPermission', clave: grant.clave, activa: e.currentTarget.checked })}
                      />
                      {levels.length > 1 ? (
                        <NativeSelect
                          aria-label={label('memberPermissions.levelLabel', { clave: `${grant.clave} · ${meaning}` })}
                          value={grant.tipo}
                          data={levels.map((level) => ({ value: level, label: label(`memberPermissions.level.${level}`) }))}
                          onChange={(e) => send({ type: 'setLevel', clave: grant.clave, tipo: e.currentTarget.value })}
                        />
                      ) : null}
                    </Group>
                  );
                })}
              </Stack>
            </Fieldset>

            <Fieldset legend={label('memberPermissions.functionsTitle')} disabled={busy}>
              <Stack gap="xs">
                {draft.funciones.map((f) => (
                  <NativeSelect
                    key={f.funcion}
                    label={label(`memberPermissions.function.${f.funcion}`)}
                    value={String(f.tipo)}
                    data={FUNCTION_LEVELS.map((level) => ({
                      value: String(level),
                      label: label(`memberPermissions.functionLevel.${level}`),
                    }))}
                    onChange={(e) => send({ type: 'setFunction', funcion: f.funcion, tipo: Number(e.currentTarget.value) })}
                  />
                ))}
              </Stack>
            </Fieldset>

            {dirty ? (
              <Text size="sm" role="status">
                <FormattedMessage id="memberPermissions.unsaved" />
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Button variant="default" disabled={!dirty || busy} onClick={() => send({ type: 'discard' })}>
                <FormattedMessage id="memberPermissions.discard" />
              </Button>
              <Button type="submit" disabled={!dirty} loading={busy}>
                <FormattedMessage id="memberPermissions.save" />
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
