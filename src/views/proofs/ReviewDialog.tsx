import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
// A proof opened (full screen on a phone): its file (the image itself, or a link to the PDF), its facts, and what the
// caller may do: accept it into an account or reject it with a reason (reviewers), withdraw it (its sender), or
// download the receipt of an accepted one. The machine decides what is offered; a refusal shows here.
import { Alert, Anchor, Button, Group, Image, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../api/finance';
import { PROOF_REASON, type Proof } from '../../api/proofs';
import type { proofReviewMachine } from '../../machines/proofReviewMachine';
import { fetchReceiptPdf } from '../../services/receiptsService';
import { FailureAlert } from '../common/FailureAlert';
import { displayDate, saveFile } from '../common/period';
import { ProofBadges } from './ProofList';

type ReviewActor = ActorRefFrom<typeof proofReviewMachine>;

export function ReviewDialog({ actor }: { actor: ReviewActor }) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const state = useSelector(actor, (s) => s);
  const { current, options, failure, outcome } = state.context;
  const busy = state.matches('accepting') || state.matches('rejecting') || state.matches('withdrawing');
  const open = current !== null && (state.matches('viewing') || busy || state.matches('done'));
  return (
    <Modal
      opened={open}
      onClose={() => actor.send({ type: 'close' })}
      fullScreen={phone}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      title={current ? intl.formatMessage({ id: 'proofs.review.title' }, { dwelling: current.vivienda }) : ''}
    >
      {current ? (
        <Stack gap="md">
          {state.matches('done') && outcome && outcome !== 'stale' ? (
            <Alert color="green" role="status">
              <FormattedMessage id={`proofs.done.${outcome}`} />
            </Alert>
          ) : null}
          <ProofFacts proof={current} />
          {failure && state.matches('viewing') ? <FailureAlert failure={failure} /> : null}
          {current.estado === 'aceptado' && current.paymentId !== null ? <ReceiptButton paymentId={current.paymentId} /> : null}
          {state.matches('viewing') || busy ? (
            <Decisions
              key={current.id}
              proof={current}
              accounts={options?.accounts ?? []}
              busy={busy}
              canAccept={(accountId) => state.can({ type: 'accept', accountId })}
              canReject={(reason) => state.can({ type: 'reject', reason })}
              canWithdraw={state.can({ type: 'withdraw' })}
              onAccept={(accountId) => actor.send({ type: 'accept', accountId })}
              onReject={(reason) => actor.send({ type: 'reject', reason })}
              onWithdraw={() => actor.send({ type: 'withdraw' })}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'close' })}>
              <FormattedMessage id="proofs.review.close" />
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function ProofFacts({ proof }: { proof: Proof }) {
  const intl = useIntl();
  return (
    <Stack gap="xs">
      <ProofBadges proof={proof} />
      {proof.duplicate ? (
        <Text size="sm" c="orange.8">
          <FormattedMessage id="proofs.duplicateHint" />
        </Text>
      ) : null}
      <Text fw={700} size="lg">
        {formatMoney(proof.amountCents)}
      </Text>
      <Text size="sm">
        <FormattedMessage
          id="proofs.card.paid"
          values={{
            method: intl.formatMessage({ id: `proofs.method.${proof.method}` }),
            date: displayDate(proof.paidOn),
            bank: proof.bank === 'Otro' ? intl.formatMessage({ id: 'proofs.bank.Otro' }) : proof.bank,
            reference: proof.reference,
          }}
        />
      </Text>
      {proof.note ? (
        <Text size="sm">
          <FormattedMessage id="proofs.review.note" values={{ note: proof.note }} />
        </Text>
      ) : null}
      {proof.rejectReason ? (
        <Text size="sm" c="red.8">
          <FormattedMessage id="proofs.review.rejectReason" values={{ reason: proof.rejectReason }} />
        </Text>
      ) : null}
      {proof.fileType.startsWith('image/') ? (
        <Image src={proof.fileUrl} alt={proof.fileName} mah={360} fit="contain" radius="sm" />
      ) : null}
      <Anchor href={proof.fileUrl} target="_blank" rel="noopener noreferrer" size="sm">
        <FormattedMessage id="proofs.file.open" />
      </Anchor>
    </Stack>
  );
}

function ReceiptButton({ paymentId }: { paymentId: number }) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const { blob, fileName } = await fetchReceiptPdf(paymentId);
      saveFile(fileName, 'application/pdf', blob);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button variant="light" loading={loading} onClick={download}>
        <FormattedMessage id="proofs.receipt" />
      </Button>
      {failed ? (
        <Text size="sm" c="red.8" role="alert">
          <FormattedMessage id="proofs.receiptFailed" />
        </Text>
      ) : null}
    </Stack>
  );
}

function Decisions(props: {
  proof: Proof;
  accounts: readonly { id: number; nombre: string }[];
  busy: boolean;
  canAccept(accountId: number): boolean;
  canReject(reason: string): boolean;
  canWithdraw: boolean;
  onAccept(accountId: number): void;
  onReject(reason: string): void;
  onWithdraw(): void;
}) {
  const intl = useIntl();
  const [account, setAccount] = useState(props.accounts[0]?.id ?? 0);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reviewing = props.proof.actions.includes('aceptar');
  return (
    <Stack gap="sm">
      {reviewing ? (
        <>
          <NativeSelect
            label={intl.formatMessage({ id: 'proofs.review.account' })}
            value={String(account)}
            onChange={(event) => setAccount(Number(event.currentTarget.value))}
            data={props.accounts.map((a) => ({ value: String(a.id), label: a.nombre }))}
            disabled={props.busy}
          />
          <Button color="green" loading={props.busy} disabled={!props.canAccept(account)} onClick={() => props.onAccept(account)}>
            <FormattedMessage id="proofs.review.accept" />
          </Button>
          <Textarea
            label={intl.formatMessage({ id: 'proofs.review.reason' })}
            value={reason}
            maxLength={PROOF_REASON.max}
            rows={2}
            disabled={props.busy}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={
              tried && !props.busy && !props.canReject(reason) ? intl.formatMessage({ id: 'proofs.review.reasonInvalid' }) : null
            }
          />
          <Button
            color="red"
            variant="light"
            disabled={props.busy}
            onClick={() => {
              setTried(true);
              if (props.canReject(reason)) props.onReject(reason);
            }}
          >
            <FormattedMessage id="proofs.review.reject" />
          </Button>
        </>
      ) : null}
      {props.canWithdraw ? (
        <Button color="red" variant="subtle" loading={props.busy} onClick={props.onWithdraw}>
          <FormattedMessage id="proofs.review.withdraw" />
        </Button>
      ) : null}
    </Stack>
  );
}
