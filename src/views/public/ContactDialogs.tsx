// 'Contactar admin' and 'Solicitar acceso' (spec §2.5, §3.3, §5, §8): a card with the button, the form
// dialog and the result dialog, all over one publicContactMachine actor. The view only shows its state and
// sends what the visitor does.
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_MESSAGES, type ContactField, type ContactKind, contactFormProblems } from '../../api/publicPage';
import { fieldsOf, publicContactMachine } from '../../machines/publicContactMachine';
import { LazyModal as Modal } from '../common/LazyModal';

const FIELD_LABELS: Record<ContactField, string> = {
  nombre: 'public.form.nombre',
  email: 'public.form.email',
  tel: 'public.form.tel',
  comentarios: 'public.form.comentarios',
  vivienda: 'public.form.vivienda',
};

const AUTOCOMPLETE: Record<ContactField, string> = {
  nombre: 'name',
  email: 'email',
  tel: 'tel',
  comentarios: 'off',
  vivienda: 'address-line2',
};

const WORDS: Record<ContactKind, { card: string; body: string; button: string; dialog: string }> = {
  access: {
    card: 'public.access.title',
    body: 'public.access.body',
    button: 'public.access.button',
    dialog: 'public.access.dialogTitle',
  },
  contact: {
    card: 'public.admin.title',
    body: 'public.admin.body',
    button: 'public.admin.button',
    dialog: 'public.admin.dialogTitle',
  },
};

export function ContactCard({ kind, condoId }: { kind: ContactKind; condoId: number }) {
  const intl = useIntl();
  const [state, send] = useMachine(publicContactMachine, { input: { kind, condoId } });
  const { form, touched, outcome } = state.context;
  const problems = contactFormProblems(form, kind);
  const words = WORDS[kind];
  const formOpen = state.matches('editing') || state.matches('solvingCaptcha') || state.matches('sending');
  const busy = state.hasTag('busy');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

  return (
    <Paper withBorder shadow="md" radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" tt="uppercase" c="dimmed">
          <FormattedMessage id={words.card} />
        </Title>
        <Text size="sm">
          <FormattedMessage id={words.body} />
        </Text>
        <Button variant="light" onClick={() => send({ type: 'open' })} disabled={!state.can({ type: 'open' })}>
          <FormattedMessage id={words.button} />
        </Button>
      </Stack>

      <Modal
        opened={formOpen}
        onClose={() => send({ type: 'cancel' })}
        title={<FormattedMessage id={words.dialog} />}
        centered
        closeOnClickOutside={!busy}
        withCloseButton={!busy}
      >
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: words.dialog })}>
          <Stack gap="sm">
            {fieldsOf(kind).map((field) => {
              const problem = problems[field];
              const common = {
                label: <FormattedMessage id={FIELD_LABELS[field]} />,
                required: true,
                value: form[field],
                disabled: busy,
                autoComplete: AUTOCOMPLETE[field],
                onChange: (e: { currentTarget: { value: string } }) =>
                  send({ type: 'field.change', field, value: e.currentTarget.value }),
                onBlur: () => send({ type: 'field.blur', field }),
                error: touched[field] && problem ? intl.formatMessage({ id: CONTACT_MESSAGES[field][problem] }) : undefined,
              };
              return field === 'comentarios' ? (
                <Textarea key={field} {...common} rows={4} />
              ) : (
                <TextInput
                  key={field}
                  {...common}
                  type={field === 'email' ? 'email' : field === 'tel' ? 'tel' : 'text'}
                  inputMode={field === 'email' ? 'email' : field === 'tel' ? 'tel' : undefined}
                />
              );
            })}
            <Text size="xs" c="dimmed" aria-live="polite">
              <FormattedMessage id={state.matches('solvingCaptcha') ? 'public.form.solving' : 'public.form.captchaNote'} />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: 'cancel' })} disabled={busy}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" loading={busy}>
                <FormattedMessage id="public.form.send" />
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal
        opened={state.matches('result')}
        onClose={() => send({ type: 'dismiss' })}
        title={<FormattedMessage id={outcome?.success ? 'public.result.successTitle' : 'public.result.errorTitle'} />}
        centered
      >
        <Text role={outcome?.success ? 'status' : 'alert'}>
          {outcome?.messageId ? <FormattedMessage id={outcome.messageId} /> : outcome?.message}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => send({ type: 'dismiss' })} data-autofocus>
            <FormattedMessage id="common.accept" />
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
