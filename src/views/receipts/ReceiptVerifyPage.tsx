// recibo/{token} (issue 27): what a payment receipt's QR opens, for anyone holding it. A thin view over
// receiptVerifyMachine: genuine and valid, genuine but cancelled, not found, or a failed check to retry. It shows
// the folio, condominium, dwelling, day, amount and state, and nothing personal. Phone first; Mantine's Card and
// Alert left out like the other visitor pages (common/VisitorBlocks.tsx).
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { formatFolio, type ReceiptVerification } from '../../api/receipts';
import { receiptVerifyMachine } from '../../machines/receiptVerifyMachine';
import { FailureText } from '../common/FailureText';
import { dwellingText, formatDate } from '../common/passFormat';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { Notice, Panel } from '../common/VisitorBlocks';

export default function ReceiptVerifyPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'receipts.verify.title' }));
  const params = useParams<{ token: string }>();
  const [state, send] = useMachine(receiptVerifyMachine, { input: { token: params.token ?? '' } });
  const receipt = state.context.receipt;

  return (
    <Center component="main" id="main" mih="100dvh" p="sm" bg="var(--mantine-color-gray-1)" style={{ alignItems: 'flex-start' }}>
      <Stack gap="md" maw={460} w="100%" py="md">
        <Title order={1} size="h3" ta="center">
          <FormattedMessage id="receipts.verify.title" />
        </Title>
        {state.matches('loading') && (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm">
              <FormattedMessage id="receipts.verify.loading" />
            </Text>
          </Stack>
        )}
        {state.matches('notFound') && (
          <Notice color="red" role="alert">
            <FormattedMessage id="receipts.notFound" />
          </Notice>
        )}
        {state.matches('failed') && (
          <Stack>
            <Notice color="orange" role="alert">
              <Text fw={600} size="sm">
                <FormattedMessage id="receipts.verify.failed" />
              </Text>
              <FailureText failure={state.context.failure} />
            </Notice>
            <Button onClick={() => send({ type: 'retry' })}>
              <FormattedMessage id="receipts.verify.retry" />
            </Button>
          </Stack>
        )}
        {state.matches('valid') && receipt && (
          <>
            <Notice color="green" role="status">
              <FormattedMessage id="receipts.verify.valid" />
            </Notice>
            <ReceiptFacts receipt={receipt} />
          </>
        )}
        {state.matches('cancelled') && receipt && (
          <>
            <Notice color="red" role="alert">
              <FormattedMessage id="receipts.verify.cancelled" />
            </Notice>
            <ReceiptFacts receipt={receipt} />
          </>
        )}
      </Stack>
    </Center>
  );
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function ReceiptFacts({ receipt }: { receipt: ReceiptVerification }) {
  const intl = useIntl();
  return (
    <Panel component="article" aria-label={intl.formatMessage({ id: 'receipts.title' })}>
      <Stack gap="sm">
        <Text size="xl" fw={700} ta="center" data-testid="receipt-folio">
          <FormattedMessage id="receipts.folio" values={{ folio: formatFolio(receipt.folio) }} />
        </Text>
        <Fact label={<FormattedMessage id="receipts.condo" />} testId="receipt-condo">
          {receipt.condoName}
        </Fact>
        <Fact label={<FormattedMessage id="receipts.dwelling" />} testId="receipt-dwelling">
          {dwellingText(receipt.towerName, receipt.dwellingName)}
        </Fact>
        <Fact label={<FormattedMessage id="receipts.paidOn" />} testId="receipt-paid-on">
          {formatDate(receipt.paidOn)}
        </Fact>
        <Fact label={<FormattedMessage id="receipts.amount" />} testId="receipt-amount">
          {intl.formatNumber(receipt.amountCents / 100, { style: 'currency', currency: 'MXN' })}
        </Fact>
        <Fact label={<FormattedMessage id="receipts.state" />} testId="receipt-state">
          <FormattedMessage id={`receipts.state.${receipt.state}`} />
        </Fact>
      </Stack>
    </Panel>
  );
}
