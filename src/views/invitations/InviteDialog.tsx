import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/SegmentedControl.css';
// The "Invitar" dialog over invitationMachine: e-mail and name, then a dwelling with owner or tenant, or staff
// roles. The machine holds every rule; the dialog shows its state and sends what the administrator does.
import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type DwellingChoice, type Invitation, RESIDENCY_KINDS, STAFF_ROLES, type StaffRole } from '../../api/invitations';
import { type InvitationProblem, invitationMachine, invitationProblems } from '../../machines/invitationMachine';
import { FailureText } from '../common/FailureText';

export function InviteDialog(props: {
  opened: boolean;
  dwellings: readonly DwellingChoice[];
  onClose: () => void;
  onSent: (invitation: Invitation) => void;
}) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [state, send] = useMachine(invitationMachine, { input: {} });
  const { draft, showProblems, failure, sent } = state.context;
  const problems = showProblems ? invitationProblems(draft) : [];
  const problem = (field: InvitationProblem) =>
    problems.includes(field) ? intl.formatMessage({ id: `invitations.invite.problem.${field}` }) : undefined;
  const sending = state.matches('sending');
  const { onSent } = props;
  useEffect(() => {
    if (sent) onSent(sent);
  }, [sent, onSent]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'send' });
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
      opened={props.opened}
      onClose={props.onClose}
      title={<FormattedMessage id="invitations.invite.title" />}
      size="lg"
    >
      {state.matches('sent') && sent ? (
        <Stack>
          <Alert color="green" role="status">
            <FormattedMessage id="invitations.invite.sent" values={{ email: sent.email }} />
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'another' })}>
              <FormattedMessage id="invitations.invite.another" />
            </Button>
            <Button onClick={props.onClose}>
              <FormattedMessage id="common.close" />
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'invitations.invite.title' })}>
          <Stack>
            {failure ? (
              <Alert color={state.matches('failed') ? 'red' : 'orange'} role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    <FailureText failure={failure} />
                  </Text>
                  {state.matches('failed') ? (
                    <Button size="xs" variant="outline" color="red" onClick={() => send({ type: 'retry' })}>
                      <FormattedMessage id="common.retry" />
                    </Button>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <TextInput
              label={<FormattedMessage id="invitations.invite.email" />}
              type="email"
              required
              value={draft.email}
              error={problem('email')}
              disabled={sending}
              onChange={(e) => send({ type: 'edit', patch: { email: e.currentTarget.value } })}
            />
            <TextInput
              label={<FormattedMessage id="invitations.invite.name" />}
              required
              value={draft.name}
              error={problem('name')}
              disabled={sending}
              onChange={(e) => send({ type: 'edit', patch: { name: e.currentTarget.value } })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                <FormattedMessage id="invitations.invite.target" />
              </Text>
              <SegmentedControl
                fullWidth
                // Two long choices do not fit side by side on a phone: one above the other there.
                orientation={phone ? 'vertical' : 'horizontal'}
                disabled={sending}
                value={draft.target}
                onChange={(value) => send({ type: 'edit', patch: { target: value === 'staff' ? 'staff' : 'dwelling' } })}
                data={[
                  { value: 'dwelling', label: intl.formatMessage({ id: 'invitations.invite.target.dwelling' }) },
                  { value: 'staff', label: intl.formatMessage({ id: 'invitations.invite.target.staff' }) },
                ]}
              />
            </Stack>
            {draft.target === 'dwelling' ? (
              <>
                <Select
                  label={<FormattedMessage id="invitations.invite.dwelling" />}
                  placeholder={intl.formatMessage({ id: 'invitations.invite.dwellingPlaceholder' })}
                  searchable
                  required
                  disabled={sending}
                  error={problem('ApmtId')}
                  data={props.dwellings.map((d) => ({ value: String(d.ApmtId), label: d.dwelling }))}
                  value={draft.ApmtId === null ? null : String(draft.ApmtId)}
                  onChange={(value) => send({ type: 'edit', patch: { ApmtId: value ? Number(value) : null } })}
                  comboboxProps={{ withinPortal: true }}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    <FormattedMessage id="invitations.invite.kind" />
                  </Text>
                  <SegmentedControl
                    fullWidth
                    disabled={sending}
                    value={draft.kind}
                    onChange={(value) => send({ type: 'edit', patch: { kind: value === 'tenant' ? 'tenant' : 'owner' } })}
                    data={RESIDENCY_KINDS.map((kind) => ({
                      value: kind,
                      label: intl.formatMessage({ id: `invitations.kind.${kind}` }),
                    }))}
                  />
                </Stack>
              </>
            ) : (
              <Checkbox.Group
                label={<FormattedMessage id="invitations.invite.roles" />}
                value={draft.roles}
                error={problem('roles')}
                onChange={(value) =>
                  send({ type: 'edit', patch: { roles: STAFF_ROLES.filter((role): role is StaffRole => value.includes(role)) } })
                }
              >
                <Group mt="xs">
                  {STAFF_ROLES.map((role) => (
                    <Checkbox
                      key={role}
                      value={role}
                      disabled={sending}
                      label={<FormattedMessage id={`invitations.role.${role}`} />}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose} disabled={sending}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" loading={sending}>
                <FormattedMessage id="invitations.invite.send" />
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
