import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
// /condominio/cargos-automaticos, the 'Cargos automáticos' entry of the profile menu (spec §2.3, §2.4,
// §6): the dialog over the communication area. A thin view of recurringChargeMachine: each row shows its
// charge, or the amount field while it is edited; cancelling a charge asks first. Closing goes back to
// the communication area, and so does the machine's refusal of those whose condominium has no such charges.
// Each row shows its saved card (or none), what the daily run would charge next and its last attempts; "Quitar
// tarjeta" asks first (issue 27).
import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect, useLocation } from 'wouter';
import type { ChargeAttempt, RecurringCharge, SavedCard } from '../../api/recurringCharges';
import type { SessionData } from '../../api/sessions';
import { type RecurringChargeAlert, recurringChargeMachine } from '../../machines/recurringChargeMachine';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { formatMonto } from './money';

const ALERTS: Record<Exclude<RecurringChargeAlert, null>, string> = {
  invalidAmount: 'charges.invalidAmount',
  saveFailed: 'charges.saveFailed',
  cancelFailed: 'charges.cancelFailed',
  removeCardFailed: 'charges.removeCardFailed',
};

/** "Visa •••• 4242", as the server words it in mails and history. */
const cardName = (card: SavedCard) =>
  `${card.marca ? card.marca.charAt(0).toUpperCase() + card.marca.slice(1) : ''} •••• ${card.ultimos4}`.trim();
const day = (date: string) => dayjs(date).format('DD/MM/YYYY');

/** The dialog's machine, told the session's condominium: who may open the dialog is its decision. */
function useRecurringCharges(condo: Pick<SessionData['condo'], 'CondoId'>) {
  return useMachine(recurringChargeMachine, { input: { condo } });
}

type ChargesFlow = ReturnType<typeof useRecurringCharges>;

export default function RecurringChargesPage() {
  const condo = SessionContext.useSelector((s) => s.context.data?.condo ?? null);
  return condo ? <RecurringCharges condo={condo} /> : null;
}

function RecurringCharges({ condo }: { condo: Pick<SessionData['condo'], 'CondoId'> }) {
  const flow = useRecurringCharges(condo);
  if (flow[0].matches('refused')) return <Redirect to="/comunicacion" replace />;
  // The route table (app/CondominioRoutes.tsx) draws the communication home behind this dialog.
  return <RecurringChargesDialog flow={flow} />;
}

function RecurringChargesDialog({ flow: [state, send] }: { flow: ChargesFlow }) {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  useDocumentTitle(condoName, intl.formatMessage({ id: 'charges.title' }));
  const [, navigate] = useLocation();
  const { charges, editingId, draft, cancelId, removeCardId, alert } = state.context;
  const saving = state.matches('saving');
  const cancelling = state.matches('cancelling');
  const removingCard = state.matches('removingCard');
  // The question can be put away until the cancellation (or the removal) is sent.
  const mayDismiss = state.can({ type: 'dismiss' });
  const cancelled = charges.find((c) => c.id === cancelId);
  const uncarded = charges.find((c) => c.id === removeCardId);

  return (
    <>
      <Modal
        opened
        onClose={() => navigate('/comunicacion')}
        title={<FormattedMessage id="charges.title" />}
        size="lg"
        centered
        fullScreen={false}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'charges.close' }) }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <FormattedMessage id="charges.intro" />
          </Text>
          {alert && (
            <Alert color="red" role="alert" variant="light">
              <FormattedMessage id={ALERTS[alert]} />
            </Alert>
          )}
          {state.matches('loading') && (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <FormattedMessage id="charges.loading" />
            </Group>
          )}
          {state.matches('loadFailed') && (
            <Alert color="red" role="alert" variant="light">
              <Stack gap="xs" align="flex-start">
                <FormattedMessage id="charges.loadFailed" />
                <Button size="xs" variant="light" onClick={() => send({ type: 'retry' })}>
                  <FormattedMessage id="charges.retry" />
                </Button>
              </Stack>
            </Alert>
          )}
          {!state.matches('loading') && !state.matches('loadFailed') && charges.length === 0 && (
            <Text>
              <FormattedMessage id="charges.empty" />
            </Text>
          )}
          {charges.map((charge) =>
            charge.id === editingId ? (
              <EditingRow
                key={charge.id}
                charge={charge}
                draft={draft}
                saving={saving}
                canChange={state.can({ type: 'change', value: draft })}
                canCancel={state.can({ type: 'cancelEdit' })}
                onChange={(value) => send({ type: 'change', value })}
                onBlur={() => send({ type: 'blur' })}
                onSave={() => send({ type: 'save' })}
                onCancel={() => send({ type: 'cancelEdit' })}
              />
            ) : (
              <ChargeRow
                key={charge.id}
                charge={charge}
                canEdit={state.can({ type: 'edit', id: charge.id })}
                canCancel={state.can({ type: 'askCancel', id: charge.id })}
                canRemoveCard={state.can({ type: 'askRemoveCard', id: charge.id })}
                onEdit={() => send({ type: 'edit', id: charge.id })}
                onCancel={() => send({ type: 'askCancel', id: charge.id })}
                onRemoveCard={() => send({ type: 'askRemoveCard', id: charge.id })}
              />
            ),
          )}
        </Stack>
      </Modal>

      <Confirmation
        opened={state.matches('confirmingCancel') || cancelling}
        busy={cancelling}
        mayDismiss={mayDismiss}
        title="charges.confirmTitle"
        question="charges.confirmQuestion"
        yes="charges.confirmYes"
        subject={cancelled?.descripcion}
        onDismiss={() => send({ type: 'dismiss' })}
        onConfirm={() => send({ type: 'confirm' })}
      />
      <Confirmation
        opened={state.matches('confirmingRemoveCard') || removingCard}
        busy={removingCard}
        mayDismiss={mayDismiss}
        title="charges.removeCardTitle"
        question="charges.removeCardQuestion"
        yes="charges.removeCardYes"
        subject={uncarded && `${uncarded.descripcion}${uncarded.tarjeta ? ` · ${cardName(uncarded.tarjeta)}` : ''}`}
        onDismiss={() => send({ type: 'dismiss' })}
        onConfirm={() => send({ type: 'confirm' })}
      />
    </>
  );
}

/** The card, what comes next, and the last attempts: what the daily run does with this charge. */
function AutomaticCharging({ charge }: { charge: RecurringCharge }) {
  return (
    <Stack gap={4} mt="xs">
      <Text size="sm">
        {charge.tarjeta ? (
          <>
            <FormattedMessage id="charges.cardLabel" values={{ card: cardName(charge.tarjeta) }} />
            {charge.tarjeta.vencimiento && (
              <>
                {' · '}
                <FormattedMessage id="charges.cardExpiry" values={{ exp: charge.tarjeta.vencimiento }} />
              </>
            )}
          </>
        ) : (
          <FormattedMessage id="charges.noCard" />
        )}
      </Text>
      {charge.tarjeta && (
        <Text size="sm" fw={500}>
          {charge.proximoCargo ? (
            <FormattedMessage
              id="charges.nextCharge"
              values={{ amount: formatMonto(charge.proximoCargo.monto), date: day(charge.proximoCargo.fecha) }}
            />
          ) : (
            <FormattedMessage id="charges.noNextCharge" />
          )}
        </Text>
      )}
      {charge.intentos.length > 0 && (
        <Stack gap={0}>
          <Text size="xs" fw={600} c="dimmed">
            <FormattedMessage id="charges.attemptsTitle" />
          </Text>
          {charge.intentos.map((attempt, index) => (
            <AttemptLine key={`${attempt.fecha}-${index}`} attempt={attempt} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AttemptLine({ attempt }: { attempt: ChargeAttempt }) {
  return (
    <Text size="xs" c={attempt.resultado === 'rechazado' ? 'red' : 'dimmed'}>
      <FormattedMessage
        id={`charges.attempt.${attempt.resultado}`}
        values={{ date: day(attempt.fecha), amount: formatMonto(attempt.monto), reason: attempt.motivo ?? '' }}
      />
    </Text>
  );
}

function ChargeDetails({ charge }: { charge: RecurringCharge }) {
  return (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Text fw={600}>{charge.descripcion}</Text>
      <Text size="sm" c="dimmed">
        {charge.frecuencia} · {charge.metodoPago}
      </Text>
      <Text size="xs" c="dimmed">
        <FormattedMessage id="charges.created" values={{ date: day(charge.fechaCreacion) }} />
      </Text>
      <AutomaticCharging charge={charge} />
    </Stack>
  );
}

interface ChargeRowProps {
  charge: RecurringCharge;
  canEdit: boolean;
  canCancel: boolean;
  canRemoveCard: boolean;
  onEdit(): void;
  onCancel(): void;
  onRemoveCard(): void;
}

function ChargeRow({ charge, canEdit, canCancel, canRemoveCard, onEdit, onCancel, onRemoveCard }: ChargeRowProps) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={charge.descripcion}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <ChargeDetails charge={charge} />
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            <FormattedMessage id="charges.monthlyLimit" />
          </Text>
          <Text fw={700} size="lg" data-testid="monto">
            {formatMonto(charge.monto)}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" gap="xs" mt="sm" wrap="wrap">
        {charge.tarjeta && (
          <Button
            size="xs"
            variant="subtle"
            onClick={onRemoveCard}
            disabled={!canRemoveCard}
            aria-label={intl.formatMessage({ id: 'charges.removeCardOf' }, { descripcion: charge.descripcion })}
          >
            <FormattedMessage id="charges.removeCard" />
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          onClick={onEdit}
          disabled={!canEdit}
          aria-label={intl.formatMessage({ id: 'charges.editOf' }, { descripcion: charge.descripcion })}
        >
          <FormattedMessage id="charges.edit" />
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onCancel}
          disabled={!canCancel}
          aria-label={intl.formatMessage({ id: 'charges.cancelChargeOf' }, { descripcion: charge.descripcion })}
        >
          <FormattedMessage id="charges.cancelCharge" />
        </Button>
      </Group>
    </Card>
  );
}

interface EditingRowProps {
  charge: RecurringCharge;
  draft: string;
  saving: boolean;
  canChange: boolean;
  canCancel: boolean;
  onChange(value: string): void;
  onBlur(): void;
  onSave(): void;
  onCancel(): void;
}

function EditingRow({ charge, draft, saving, canChange, canCancel, onChange, onBlur, onSave, onCancel }: EditingRowProps) {
  const intl = useIntl();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={charge.descripcion}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ChargeDetails charge={charge} />
          <TextInput
            label={intl.formatMessage({ id: 'charges.amountLabel' }, { descripcion: charge.descripcion })}
            description={<FormattedMessage id="charges.amountHint" />}
            value={draft}
            onChange={(event) => onChange(event.currentTarget.value)}
            onBlur={onBlur}
            inputMode="decimal"
            autoComplete="off"
            leftSection="$"
            disabled={!canChange}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onCancel} disabled={!canCancel}>
              <FormattedMessage id="charges.cancelEdit" />
            </Button>
            <Button size="xs" type="submit" loading={saving}>
              <FormattedMessage id="charges.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A question before something that cannot be taken back (cancelling a charge, removing its card): which charge,
 * No and Yes; it can be put away only until the answer is sent. */
function Confirmation(props: {
  opened: boolean;
  busy: boolean;
  mayDismiss: boolean;
  title: string;
  question: string;
  yes: string;
  subject: string | undefined;
  onDismiss(): void;
  onConfirm(): void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onDismiss}
      title={<FormattedMessage id={props.title} />}
      centered
      withCloseButton={props.mayDismiss}
      closeOnClickOutside={props.mayDismiss}
      closeOnEscape={props.mayDismiss}
    >
      <Stack gap="md">
        <Text fw={500}>
          <FormattedMessage id={props.question} />
        </Text>
        {props.subject && <Text size="sm">{props.subject}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDismiss} disabled={!props.mayDismiss}>
            <FormattedMessage id="charges.confirmNo" />
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.busy} data-autofocus>
            <FormattedMessage id={props.yes} />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
