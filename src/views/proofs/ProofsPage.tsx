import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SegmentedControl.css';
// /condominio/comprobantes-de-pago (issue 27; the spec's legacy comprobantes-de-pago lands here): residents see the
// proofs they sent with their state and "Enviar comprobante"; reviewers (permissions.canReviewPaymentProofs) the
// queue by tab (pendientes, aceptados, rechazados), each proof opening to be accepted or rejected, and they may send
// one for any dwelling too. ?vivienda=<id> (the statement's link) opens the form for that dwelling; ?comprobante=<id>
// (a notification) opens that proof. Thin: proofReviewMachine holds the list, proofUploadMachine the form.
import { Alert, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect, useSearch } from 'wouter';
import { canUsePaymentProofs } from '../../api/permissions';
import type { ProofTab } from '../../api/proofs';
import { proofReviewMachine } from '../../machines/proofReviewMachine';
import { proofUploadMachine } from '../../machines/proofUploadMachine';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { ProofList } from './ProofList';
import { ReviewDialog } from './ReviewDialog';
import { UploadDialog } from './UploadDialog';

const REVIEW_TABS: readonly ProofTab[] = ['pendientes', 'aceptados', 'rechazados'];

const idIn = (search: URLSearchParams, name: string) => {
  const value = search.get(name);
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
};

export default function ProofsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'proofs.title' }));
  if (!data) return null;
  if (!canUsePaymentProofs(data)) return <Redirect to="/comunicacion" replace />;
  return <ProofsScreen />;
}

function ProofsScreen() {
  const intl = useIntl();
  const search = new URLSearchParams(useSearch());
  const review = useActorRef(proofReviewMachine, { input: { opening: idIn(search, 'comprobante') } });
  const upload = useActorRef(proofUploadMachine);
  const state = useSelector(review, (s) => s);
  const uploadSent = useSelector(upload, (s) => s.matches('sent'));
  const { options, tab, outcome, failure } = state.context;
  const wanted = useRef(idIn(search, 'vivienda'));

  // The statement's link opens the form for its dwelling once the options are known.
  useEffect(() => {
    if (options && wanted.current !== null) {
      upload.send({ type: 'open', dwellings: options.dwellings, today: options.today, apartmentId: wanted.current });
      wanted.current = null;
    }
  }, [options, upload]);
  // A proof sent shows in the list at once.
  useEffect(() => {
    if (uploadSent) review.send({ type: 'reload' });
  }, [uploadSent, review]);
  // The connection came back: a send that failed for want of it goes again (same clientId: never twice).
  useEffect(() => {
    const online = () => upload.send({ type: 'online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [upload]);

  if (state.matches('starting')) return <LoadingCard />;
  if (state.matches('startFailed')) return <FailedAlert failure={failure} onRetry={() => review.send({ type: 'retry' })} />;
  const reviewer = options?.reviewer === true;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="proofs.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id={reviewer ? 'proofs.intro.reviewer' : 'proofs.intro.resident'} />
        </Text>
      </Stack>
      <Group justify="space-between" align="flex-end">
        {reviewer && tab ? (
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'proofs.tabs' })}
            value={tab}
            onChange={(value) => review.send({ type: 'tab', tab: value as ProofTab })}
            data={REVIEW_TABS.map((t) => ({ value: t, label: intl.formatMessage({ id: `proofs.tab.${t}` }) }))}
          />
        ) : (
          <span />
        )}
        <Button
          disabled={!options || options.dwellings.length === 0}
          onClick={() =>
            options && upload.send({ type: 'open', dwellings: options.dwellings, today: options.today, apartmentId: null })
          }
        >
          <FormattedMessage id="proofs.send" />
        </Button>
      </Group>
      <div aria-live="polite">
        {outcome && !state.matches('done') ? (
          <Alert color={outcome === 'stale' ? 'yellow' : 'green'} role="status">
            <FormattedMessage id={`proofs.done.${outcome}`} />
          </Alert>
        ) : null}
      </div>
      <ProofList actor={review} />
      <ReviewDialog actor={review} />
      <UploadDialog actor={upload} />
    </Stack>
  );
}
