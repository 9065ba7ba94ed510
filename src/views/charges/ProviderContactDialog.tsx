import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/dates/styles.css';
// The payment-provider contact dialog (spec §2.4, §3.3, §5, §8): tab 'agendar' picks a meeting day on a
// calendar and an hour; tab 'llamar' asks for WhatsApp or a call. A thin view of providerContactMachine:
// Enviar is enabled only while the machine accepts the submit; the dialog closes either way and 'Éxito'
// or 'Error' shows.
import { Button, Group, Modal, Radio, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { DatePicker, DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  CONTACT_HOURS,
  CONTACT_MAX_DAYS_AHEAD,
  CONTACT_PREFERENCES,
  type ContactFormField,
  type ContactTab,
  PHONE_PATTERN,
} from '../../api/providerContact';
import { type providerContactMachine, tabOf } from '../../machines/providerContactMachine';

type Snapshot = SnapshotFrom<typeof providerContactMachine>;
type Send = ActorRefFrom<typeof providerContactMachine>['send'];

interface ProviderContactDialogProps {
  state: Snapshot;
  send: Send;
}

export function ProviderContactDialog({ state, send }: ProviderContactDialogProps) {
  const intl = useIntl();
  const { form, today } = state.context;
  const sending = state.matches('sending');
  const tab = tabOf(state);
  const change = (field: ContactFormField, value: string | null) => send({ type: 'change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  const dateLocale = intl.locale.slice(0, 2);
  const lastDay = dayjs(today).add(CONTACT_MAX_DAYS_AHEAD, 'day').format('YYYY-MM-DD');
  const phoneError =
    form.telefono !== '' && !PHONE_PATTERN.test(form.telefono)
      ? intl.formatMessage({ id: 'charges.telefonoInvalid' })
      : undefined;

  const common = (
    <>
      <TextInput
        label={<FormattedMessage id="charges.nombre" />}
        value={form.nombre}
        onChange={(e) => change('nombre', e.currentTarget.value)}
        autoComplete="name"
        required
        disabled={sending}
      />
      <TextInput
        label={<FormattedMessage id="charges.telefono" />}
        value={form.telefono}
        onChange={(e) => change('telefono', e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        required
        error={phoneError}
        disabled={sending}
      />
    </>
  );
  const hours = (labelId: string) => (
    <Radio.Group
      label={<FormattedMessage id={labelId} />}
      value={form.horarioTentativo ?? ''}
      onChange={(value) => change('horarioTentativo', value)}
      required
    >
      <Group gap="md" mt={6}>
        {CONTACT_HOURS.map((hour) => (
          <Radio key={hour} value={hour} label={hour} disabled={sending} />
        ))}
      </Group>
    </Radio.Group>
  );

  return (
    <>
      <Modal
        opened={state.matches('open') || sending}
        onClose={() => send({ type: 'close' })}
        title={<FormattedMessage id="charges.contactTitle" />}
        size="lg"
        centered
        withCloseButton={!sending}
        closeOnClickOutside={!sending}
        closeOnEscape={!sending}
      >
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'charges.contactTitle' })}>
          <Tabs
            keepMounted={false}
            value={tab}
            onChange={(value) => value && send({ type: 'switchTab', tab: value as ContactTab })}
          >
            <Tabs.List grow>
              <Tabs.Tab value="agendar" disabled={sending}>
                <FormattedMessage id="charges.tabAgendar" />
              </Tabs.Tab>
              <Tabs.Tab value="llamar" disabled={sending}>
                <FormattedMessage id="charges.tabLlamar" />
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="agendar" pt="md">
              <Stack gap="sm">
                <Text size="sm" fw={500} id="meeting-day">
                  <FormattedMessage id="charges.meetingDay" />
                </Text>
                <Group justify="center">
                  <DatePicker
                    aria-labelledby="meeting-day"
                    value={form.fechaContacto}
                    onChange={(value) => change('fechaContacto', value)}
                    minDate={today}
                    maxDate={lastDay}
                    defaultDate={today}
                    locale={dateLocale}
                    firstDayOfWeek={1}
                  />
                </Group>
                {hours('charges.meetingTime')}
                {common}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="llamar" pt="md">
              <Stack gap="sm">
                {common}
                <Radio.Group
                  label={<FormattedMessage id="charges.prefieresContacto" />}
                  value={form.prefieresContacto ?? ''}
                  onChange={(value) => change('prefieresContacto', value)}
                  required
                >
                  <Group gap="md" mt={6}>
                    {CONTACT_PREFERENCES.map((preference) => (
                      <Radio
                        key={preference}
                        value={preference}
                        label={<FormattedMessage id={`charges.${preference}`} />}
                        disabled={sending}
                      />
                    ))}
                  </Group>
                </Radio.Group>
                <DatePickerInput
                  label={<FormattedMessage id="charges.fechaContacto" />}
                  value={form.fechaContacto}
                  onChange={(value) => change('fechaContacto', value)}
                  minDate={today}
                  maxDate={lastDay}
                  valueFormat="DD/MM/YYYY"
                  locale={dateLocale}
                  firstDayOfWeek={1}
                  required
                  disabled={sending}
                  popoverProps={{ withinPortal: true }}
                />
                {hours('charges.horarioTentativo')}
              </Stack>
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => send({ type: 'close' })} disabled={sending}>
              <FormattedMessage id="charges.cancelEdit" />
            </Button>
            <Button type="submit" loading={sending} disabled={!sending && !state.can({ type: 'submit' })}>
              <FormattedMessage id="charges.send" />
            </Button>
          </Group>
        </form>
      </Modal>

      <Modal
        opened={state.matches('result')}
        onClose={() => send({ type: 'dismiss' })}
        title={<FormattedMessage id={state.matches({ result: 'success' }) ? 'charges.successTitle' : 'charges.errorTitle'} />}
        centered
      >
        <Text role={state.matches({ result: 'success' }) ? 'status' : 'alert'}>
          <FormattedMessage id={state.matches({ result: 'success' }) ? 'charges.successMessage' : 'charges.errorMessage'} />
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => send({ type: 'dismiss' })} data-autofocus>
            <FormattedMessage id="charges.accept" />
          </Button>
        </Group>
      </Modal>
    </>
  );
}
