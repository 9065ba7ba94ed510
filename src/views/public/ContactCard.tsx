// The ACCESO and ADMIN cards of the public page (spec §2.5), shown with the page: the title, the words and the
// button. The form and result dialogs with their machine (ContactDialogs.tsx) load when the visitor starts using the
// card (its first focus, press or key: onDemand.ts); a click on the button opens the form once they are in, the
// button spinning meanwhile. The dialog takes the focus; when the request is over it comes back to the button.
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ContactKind } from '../../api/publicPage';
import type { ContactDialogsHandle } from './ContactDialogs';
import { onDemand, useOnDemand } from './onDemand';

const WORDS: Record<ContactKind, { card: string; body: string; button: string }> = {
  access: { card: 'public.access.title', body: 'public.access.body', button: 'public.access.button' },
  contact: { card: 'public.admin.title', body: 'public.admin.body', button: 'public.admin.button' },
};

const contactDialogs = onDemand(() => import('./ContactDialogs'));

export function ContactCard({ kind, condoId }: { kind: ContactKind; condoId: number }) {
  const logic = useOnDemand(contactDialogs);
  const words = WORDS[kind];
  const button = useRef<HTMLButtonElement>(null);
  const dialogs = useRef<ContactDialogsHandle>(null);
  // Pressed before the dialogs arrived: they open once they are in.
  const [opening, setOpening] = useState(false);
  const Dialogs = logic.module?.ContactDialogs;
  useEffect(() => {
    if (!opening || !Dialogs) return;
    setOpening(false);
    dialogs.current?.open();
  }, [opening, Dialogs]);
  const use = () => {
    logic.request().catch(() => undefined);
  };
  const open = () => {
    if (dialogs.current) {
      dialogs.current.open();
      return;
    }
    setOpening(true);
    logic.request().catch(() => setOpening(false));
  };

  return (
    <Paper withBorder shadow="md" radius="lg" p="lg" onFocus={use} onPointerDown={use} onKeyDown={use}>
      <Stack gap="sm">
        <Title order={2} size="h4" tt="uppercase" c="dimmed">
          <FormattedMessage id={words.card} />
        </Title>
        <Text size="sm">
          <FormattedMessage id={words.body} />
        </Text>
        <Button ref={button} variant="light" onClick={open} loading={opening}>
          <FormattedMessage id={words.button} />
        </Button>
        {logic.failed ? (
          <Text role="alert" size="sm" c="red.8">
            <FormattedMessage id="common.network" />
          </Text>
        ) : null}
      </Stack>
      {Dialogs ? <Dialogs ref={dialogs} kind={kind} condoId={condoId} returnFocusTo={button} /> : null}
    </Paper>
  );
}
