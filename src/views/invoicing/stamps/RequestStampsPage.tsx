import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
// solicitar-timbres (issue 17): the stamps available per RFC, the ledger of credits and stamps consumed, the
// requests made, and a form to request a package (STAMP_PACKAGES) for one RFC with a note. A thin view over
// stampRequestMachine; the tables scroll inside their own area on a phone, never the page.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconReceipt, IconSend } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { STAMP_PACKAGES } from '../../../api/invoicing';
import { stampRequestMachine } from '../../../machines/stampRequestMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { FailureText } from '../../common/FailureText';

export function RequestStampsPage() {
  const intl = useIntl();
  const actor = useActorRef(stampRequestMachine);
  const state = useSelector(actor, (s) => s);
  const { ledger, failure, sent } = state.context;
  const [issuerId, setIssuerId] = useState('');
  const [quantity, setQuantity] = useState<string>(String(STAMP_PACKAGES[1]));
  const [note, setNote] = useState('');
  const lastSent = useRef(sent);

  // The first RFC is chosen once the ledger arrives; a request sent clears the note.
  useEffect(() => {
    if (!issuerId && ledger?.balances[0]) setIssuerId(String(ledger.balances[0].issuerId));
  }, [ledger, issuerId]);
  useEffect(() => {
    if (sent !== lastSent.current) {
      lastSent.current = sent;
      setNote('');
    }
  }, [sent]);

  if (state.matches('loading') && !ledger)
    return (
      <Group justify="center" p="xl" role="status">
        <Loader size="sm" />
        <Text>
          <FormattedMessage id="invoicingScreens.stamps.loading" />
        </Text>
      </Group>
    );
  if (state.matches('failed'))
    return (
      <FailureAlert
        failure={failure}
        title={intl.formatMessage({ id: 'invoicingScreens.stamps.loadFailed' })}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  if (!ledger) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!issuerId) return;
    actor.send({
      type: 'request',
      draft: {
        issuerId: Number(issuerId),
        quantity: Number(quantity) as (typeof STAMP_PACKAGES)[number],
        note: note.trim() || undefined,
      },
    });
  };
  const sending = state.matches('sending');

  return (
    <Stack gap="lg">
      <Title order={2}>
        <FormattedMessage id="invoicingScreens.stamps.title" />
      </Title>

      <section aria-labelledby="stamps-balances">
        <Title order={3} size="h4" id="stamps-balances" mb="xs">
          <FormattedMessage id="invoicingScreens.stamps.balances" />
        </Title>
        {ledger.balances.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage id="invoicingScreens.stamps.noIssuers" />
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {ledger.balances.map((balance) => (
              <Card key={balance.issuerId} withBorder padding="sm">
                <Text fw={600}>{balance.rfc}</Text>
                <Group gap="xs">
                  <Text size="xl" fw={700}>
                    {intl.formatNumber(balance.available)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="invoicingScreens.stamps.available" />
                  </Text>
                  {balance.available === 0 ? (
                    <Badge color="red">
                      <FormattedMessage id="invoicingScreens.stamps.none" />
                    </Badge>
                  ) : null}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>

      {ledger.balances.length > 0 ? (
        <Card withBorder component="form" onSubmit={submit} aria-labelledby="stamps-request">
          <Stack gap="sm">
            <Title order={3} size="h4" id="stamps-request">
              <FormattedMessage id="invoicingScreens.stamps.request" />
            </Title>
            {failure ? (
              <Alert
                color="red"
                role="alert"
                withCloseButton
                closeButtonLabel={intl.formatMessage({ id: 'invoicingScreens.close' })}
                onClose={() => actor.send({ type: 'dismiss' })}
              >
                <FailureText failure={failure} />
              </Alert>
            ) : null}
            {sent > 0 && !failure ? (
              <Alert color="green" role="status">
                <FormattedMessage id="invoicingScreens.stamps.sent" />
              </Alert>
            ) : null}
            <NativeSelect
              label={intl.formatMessage({ id: 'invoicingScreens.stamps.rfc' })}
              value={issuerId}
              onChange={(e) => setIssuerId(e.currentTarget.value)}
              data={ledger.balances.map((b) => ({ value: String(b.issuerId), label: b.rfc }))}
            />
            <NativeSelect
              label={intl.formatMessage({ id: 'invoicingScreens.stamps.package' })}
              value={quantity}
              onChange={(e) => setQuantity(e.currentTarget.value)}
              data={STAMP_PACKAGES.map((size) => ({
                value: String(size),
                label: intl.formatMessage({ id: 'invoicingScreens.stamps.packageOf' }, { count: size }),
              }))}
            />
            <Textarea
              label={intl.formatMessage({ id: 'invoicingScreens.stamps.note' })}
              value={note}
              maxLength={500}
              rows={3}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
                <FormattedMessage id="invoicingScreens.stamps.send" />
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}

      <section aria-labelledby="stamps-movements">
        <Title order={3} size="h4" id="stamps-movements" mb="xs">
          <FormattedMessage id="invoicingScreens.stamps.movements" />
        </Title>
        {ledger.movements.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage id="invoicingScreens.stamps.noMovements" />
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped miw={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage id="invoicingScreens.stamps.date" />
                  </Table.Th>
                  <Table.Th>RFC</Table.Th>
                  <Table.Th>
                    <FormattedMessage id="invoicingScreens.stamps.movement" />
                  </Table.Th>
                  <Table.Th ta="right">
                    <FormattedMessage id="invoicingScreens.stamps.delta" />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.movements.map((movement) => (
                  <Table.Tr key={movement.id}>
                    <Table.Td>
                      <FormattedDate value={movement.at} dateStyle="medium" />
                    </Table.Td>
                    <Table.Td>{movement.issuerRfc}</Table.Td>
                    <Table.Td>
                      {movement.kind === 'credit' ? (
                        <FormattedMessage id="invoicingScreens.stamps.credit" />
                      ) : (
                        <FormattedMessage id="invoicingScreens.stamps.stamp" values={{ uuid: movement.cfdiUuid ?? '' }} />
                      )}
                    </Table.Td>
                    <Table.Td ta="right" c={movement.delta < 0 ? 'red' : 'green'}>
                      {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </section>

      <section aria-labelledby="stamps-requests">
        <Title order={3} size="h4" id="stamps-requests" mb="xs">
          <FormattedMessage id="invoicingScreens.stamps.pastRequests" />
        </Title>
        {ledger.requests.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage id="invoicingScreens.stamps.noRequests" />
          </Text>
        ) : (
          <Stack gap="xs">
            {ledger.requests.map((request) => (
              <Card key={request.id} withBorder padding="xs">
                <Group gap="xs" wrap="wrap">
                  <IconReceipt size={16} aria-hidden />
                  <Text fw={600}>
                    <FormattedMessage id="invoicingScreens.stamps.packageOf" values={{ count: request.quantity }} />
                  </Text>
                  <Text size="sm">{request.rfc}</Text>
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="invoicingScreens.stamps.requestNumber" values={{ id: request.id }} /> ·{' '}
                    <FormattedDate value={request.at} dateStyle="medium" /> · {request.requestedBy}
                  </Text>
                  {request.creditedAt ? (
                    <Badge color="teal" variant="light">
                      <FormattedMessage id="invoicingScreens.stamps.credited" />
                    </Badge>
                  ) : (
                    <Badge color="yellow" variant="light">
                      <FormattedMessage id="invoicingScreens.stamps.pending" />
                    </Badge>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

export default RequestStampsPage;
