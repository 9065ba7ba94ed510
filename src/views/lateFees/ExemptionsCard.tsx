import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
// Recargos: the dwellings the rule leaves alone, each with its reason and Quitar, and the form that exempts one
// more (a dwelling not yet exempt and a reason). Whether it may be sent is the machine's guard (state.can).
import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LATE_FEE_REASON, type LateFeeDwelling, type LateFeeExemption, type LateFeeExemptionDraft } from '../../api/lateFees';

export function ExemptionsCard(props: {
  exemptions: readonly LateFeeExemption[];
  dwellings: readonly LateFeeDwelling[];
  timeZone: string;
  busy: boolean;
  canExempt(draft: LateFeeExemptionDraft): boolean;
  canRemove(id: number): boolean;
  onExempt(draft: LateFeeExemptionDraft): void;
  onRemove(id: number): void;
}) {
  const intl = useIntl();
  const exempt = new Set(props.exemptions.map((e) => e.apartmentId));
  const choices = props.dwellings.filter((d) => !exempt.has(d.id));
  const [apartmentId, setApartmentId] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const draft = { apartmentId: Number(apartmentId), reason };
  const allowed = apartmentId !== '' && props.canExempt(draft);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(intl.locale, { timeZone: props.timeZone, dateStyle: 'medium' }).format(new Date(iso));
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          <FormattedMessage id="lateFees.exemptions.title" />
        </Title>
        {props.exemptions.length === 0 ? (
          <Text c="dimmed" size="sm">
            <FormattedMessage id="lateFees.exemptions.empty" />
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={intl.formatMessage({ id: 'lateFees.exemptions.title' })}
          >
            {props.exemptions.map((e) => (
              <li key={e.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0}>
                    <Text fw={600}>{e.vivienda}</Text>
                    <Text size="sm">{e.reason}</Text>
                    <Text size="xs" c="dimmed">
                      <FormattedMessage id="lateFees.exemptions.since" values={{ when: day(e.createdAt) }} />
                    </Text>
                  </Stack>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={intl.formatMessage({ id: 'lateFees.exemptions.removeLabel' }, { dwelling: e.vivienda })}
                    disabled={!props.canRemove(e.id)}
                    onClick={() => props.onRemove(e.id)}
                  >
                    <FormattedMessage id="lateFees.exemptions.remove" />
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!allowed) return;
            props.onExempt({ apartmentId: draft.apartmentId, reason: reason.trim() });
            setApartmentId('');
            setReason('');
            setTried(false);
          }}
        >
          <Stack gap="sm">
            <NativeSelect
              label={intl.formatMessage({ id: 'lateFees.exemptions.dwelling' })}
              value={apartmentId}
              onChange={(event) => setApartmentId(event.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...choices.map((d) => ({ value: String(d.id), label: d.nombre }))]}
              maw={320}
            />
            <TextInput
              label={intl.formatMessage({ id: 'lateFees.exemptions.reason' })}
              value={reason}
              maxLength={LATE_FEE_REASON.max}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={tried && apartmentId !== '' && !allowed ? intl.formatMessage({ id: 'lateFees.reason.invalid' }) : null}
            />
            <Group>
              <Button type="submit" variant="light" loading={props.busy} disabled={apartmentId === ''}>
                <FormattedMessage id="lateFees.exemptions.add" />
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
