import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/SegmentedControl.css';
// configuracion, tab 'solicitudes' (issue 16): the public page's access requests over accessRequestsMachine,
// pending first. Approving picks the dwelling (prefilled when the server matched what the person wrote) and
// owner or tenant, and e-mails an invitation; rejecting e-mails the administrator's message.
import { Alert, Badge, Button, Card, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REJECTION_MESSAGE_MAX, RESIDENCY_KINDS } from '../../api/invitations';
import { accessRequestsMachine, decisionComplete } from '../../machines/accessRequestsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { PageLoader } from '../common/PageLoader';
import { useCondoTimeZone } from '../common/zonedTime';

const STATUS_COLOR = { pendiente: 'yellow', aprobada: 'green', rechazada: 'gray' } as const;

export default function AccessRequestsTab() {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const [state, send] = useMachine(accessRequestsMachine);
  const { requests, dwellings, decision, done, refusal, failure } = state.context;
  const submitting = state.matches('submitting');

  if (state.matches('loading')) return <PageLoader />;
  if (state.matches('failed')) {
    return (
      <FailureAlert
        failure={failure}
        title={<FormattedMessage id="invitations.loadFailed" />}
        onRetry={() => send({ type: 'retry' })}
      />
    );
  }

  const pending = requests.filter((r) => r.status === 'pendiente').length;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          <FormattedMessage id="invitations.requests.title" />
        </Title>
        <Badge color={pending ? 'yellow' : 'gray'} size="lg">
          <FormattedMessage id="invitations.requests.pendingCount" values={{ count: pending }} />
        </Badge>
      </Group>
      {done ? (
        <Alert color="green" role="status">
          <FormattedMessage
            id={done.status === 'aprobada' ? 'invitations.requests.approved' : 'invitations.requests.rejected'}
            values={{ email: done.email }}
          />
        </Alert>
      ) : null}
      {refusal && !decision ? (
        <Alert color="orange" role="alert">
          {refusal}
        </Alert>
      ) : null}
      {requests.length === 0 ? (
        <Text>
          <FormattedMessage id="invitations.requests.empty" />
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={intl.formatMessage({ id: 'invitations.requests.title' })}
        >
          {requests.map((request) => (
            <Card key={request.id} component="li" withBorder padding="md" aria-label={`${request.nombre} (${request.email})`}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>{request.nombre}</Text>
                  <Badge color={STATUS_COLOR[request.status]}>
                    <FormattedMessage id={`invitations.requests.status.${request.status}`} />
                  </Badge>
                </Group>
                <Text size="sm">
                  {request.email}
                  {request.tel ? ` · ` : ''}
                  {request.tel ? <FormattedMessage id="invitations.requests.phone" values={{ tel: request.tel }} /> : null}
                </Text>
                <Text size="sm">
                  <FormattedMessage id="invitations.requests.dwellingWritten" values={{ vivienda: request.vivienda }} />
                </Text>
                {request.comentarios ? (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                    {request.comentarios}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  <FormattedMessage
                    id="invitations.requests.received"
                    values={{ date: intl.formatDate(request.createdAt, { dateStyle: 'medium', timeStyle: 'short', timeZone }) }}
                  />
                </Text>
                {request.decisionMessage ? (
                  <Text size="sm" fs="italic">
                    <FormattedMessage id="invitations.requests.decisionMessage" values={{ message: request.decisionMessage }} />
                  </Text>
                ) : null}
                {request.status === 'pendiente' ? (
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="default" color="red" onClick={() => send({ type: 'reject', id: request.id })}>
                      <FormattedMessage id="invitations.requests.reject" />
                    </Button>
                    <Button size="xs" onClick={() => send({ type: 'approve', id: request.id })}>
                      <FormattedMessage id="invitations.requests.approve" />
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      <Modal
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
        opened={decision !== null}
        onClose={() => !submitting && send({ type: 'cancel' })}
        title={
          decision ? (
            <FormattedMessage
              id={decision.mode === 'approve' ? 'invitations.requests.approveTitle' : 'invitations.requests.rejectTitle'}
              values={{ name: decision.request.nombre }}
            />
          ) : null
        }
      >
        {decision ? (
          <Stack>
            {failure ? (
              <Alert color="orange" role="alert">
                <FailureText failure={failure} />
              </Alert>
            ) : null}
            <Text size="sm">
              <FormattedMessage
                id={decision.mode === 'approve' ? 'invitations.requests.approveBody' : 'invitations.requests.rejectBody'}
                values={{ email: decision.request.email }}
              />
            </Text>
            {decision.mode === 'approve' ? (
              <>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="invitations.requests.dwellingWritten" values={{ vivienda: decision.request.vivienda }} />
                </Text>
                <Select
                  label={<FormattedMessage id="invitations.invite.dwelling" />}
                  placeholder={intl.formatMessage({ id: 'invitations.invite.dwellingPlaceholder' })}
                  searchable
                  required
                  disabled={submitting}
                  data={dwellings.map((d) => ({ value: String(d.ApmtId), label: d.dwelling }))}
                  value={decision.ApmtId === null ? null : String(decision.ApmtId)}
                  onChange={(value) => send({ type: 'edit', patch: { ApmtId: value ? Number(value) : null } })}
                  comboboxProps={{ withinPortal: true }}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    <FormattedMessage id="invitations.invite.kind" />
                  </Text>
                  <SegmentedControl
                    fullWidth
                    disabled={submitting}
                    value={decision.kind}
                    onChange={(value) => send({ type: 'edit', patch: { kind: value === 'tenant' ? 'tenant' : 'owner' } })}
                    data={RESIDENCY_KINDS.map((kind) => ({
                      value: kind,
                      label: intl.formatMessage({ id: `invitations.kind.${kind}` }),
                    }))}
                  />
                </Stack>
              </>
            ) : (
              <Textarea
                label={<FormattedMessage id="invitations.requests.message" />}
                required
                rows={4}
                maxLength={REJECTION_MESSAGE_MAX}
                disabled={submitting}
                value={decision.mensaje}
                onChange={(e) => send({ type: 'edit', patch: { mensaje: e.currentTarget.value } })}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" disabled={submitting} onClick={() => send({ type: 'cancel' })}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button
                color={decision.mode === 'approve' ? undefined : 'red'}
                loading={submitting}
                disabled={!submitting && !decisionComplete(decision)}
                onClick={() => send({ type: 'confirm' })}
              >
                <FormattedMessage
                  id={decision.mode === 'approve' ? 'invitations.requests.confirmApprove' : 'invitations.requests.confirmReject'}
                />
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
