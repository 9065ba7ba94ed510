// 'Contactar admin' and 'Solicitar acceso' (spec §2.5, §3.3, §5, §8): the form dialog and the result dialog over
// one publicContactMachine actor, loaded when the visitor starts using the card (ContactCard.tsx, which opens them
// through the handle). The view only shows the machine's state and sends what the visitor does. The dialog takes
// the focus; once the request is closed the focus goes back to the card's button (Mantine's own return would go to
// whatever had the focus as each dialog opened: the result dialog opens from inside the form).
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, type Ref, type RefObject, useEffect, useImperativeHandle, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_MESSAGES, type ContactField, type ContactKind, contactFormProblems } from '../../api/publicPage';
import { fieldsOf, publicContactMachine } from '../../machines/publicContactMachine';
// The modal itself comes with these dialogs rather than at its first opening (LazyModal): they load on demand already.
import Modal from '../common/ModalChunk';

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

const DIALOG_TITLES: Record<ContactKind, string> = {
  access: 'public.access.dialogTitle',
  contact: 'public.admin.dialogTitle',
};

/** What the card asks of its dialogs. */
export interface ContactDialogsHandle {
  /** Opens the form (when no request is under way). */
  open: () => void;
}

export function ContactDialogs({
  kind,
  condoId,
  returnFocusTo,
  ref,
}: {
  kind: ContactKind;
  condoId: number;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  ref: Ref<ContactDialogsHandle>;
}) {
  const intl = useIntl();
  const [state, send] = useMachine(publicContactMachine, { input: { kind, condoId } });
  const { form, touched, outcome } = state.context;
  const problems = contactFormProblems(form, kind);
  const dialogTitle = DIALOG_TITLES[kind];
  const formOpen = state.matches('editing') || state.matches('solvingCaptcha') || state.matches('sending');
  const busy = state.hasTag('busy');
  const closed = state.matches('closed');
  useImperativeHandle(ref, () => ({ open: () => send({ type: 'open' }) }), [send]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!closed) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      returnFocusTo.current?.focus();
    }
  }, [closed, returnFocusTo]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

  return (
    <>
      <Modal
        opened={formOpen}
        onClose={() => send({ type: 'cancel' })}
        title={<FormattedMessage id={dialogTitle} />}
        centered
        returnFocus={false}
        closeOnClickOutside={!busy}
        withCloseButton={!busy}
      >
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: dialogTitle })}>
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
        returnFocus={false}
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
    </>
  );
}
