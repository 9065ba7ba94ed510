import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
// What the guard fills before recording a movement: the entry on a pass (people counting its companions,
// its plates prefilled, the access point, a note) and a refusal (a note; for an unknown code, who it was); a
// walk-in's form is the walk-in panel's (WalkInPanel.tsx). The forms hold what is
// typed; the machine decides whether it may be sent (snapshot.can) and sends it.
import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GATE_LIMITS, type GateCheck } from '../../../api/gate';
import type { EntryDraft } from '../../../machines/gateMachine';
import { EntryPhotoField } from './EntryPhotoField';

/** Touch targets of at least 48 px (the caseta is used on phones and tablets). */
export const TOUCH = { size: 'lg' as const, styles: { input: { minHeight: 48 } } };
export const BUTTON = { size: 'lg' as const, mih: 48 };

function AccessPoints(props: { choices: string[]; value: string; onChange(value: string): void }) {
  const intl = useIntl();
  return (
    <NativeSelect
      {...TOUCH}
      label={intl.formatMessage({ id: 'gate.entry.accessPoint' })}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      data={[
        { value: '', label: intl.formatMessage({ id: 'gate.entry.noAccessPoint' }) },
        ...props.choices.map((point) => ({ value: point, label: point })),
      ]}
    />
  );
}

function DraftFields(props: { draft: EntryDraft; accessPoints: string[]; onChange(draft: EntryDraft): void }) {
  const intl = useIntl();
  const { draft } = props;
  const set = (part: Partial<EntryDraft>) => props.onChange({ ...draft, ...part });
  return (
    <>
      <Group grow wrap="wrap" align="flex-start">
        <TextInput
          {...TOUCH}
          type="number"
          inputMode="numeric"
          min={1}
          max={GATE_LIMITS.people}
          label={intl.formatMessage({ id: 'gate.entry.people' })}
          value={Number.isNaN(draft.people) ? '' : String(draft.people)}
          onChange={(e) => set({ people: Number.parseInt(e.currentTarget.value, 10) })}
        />
        <TextInput
          {...TOUCH}
          label={intl.formatMessage({ id: 'gate.entry.plates' })}
          value={draft.plates}
          maxLength={GATE_LIMITS.plates}
          autoCapitalize="characters"
          onChange={(e) => set({ plates: e.currentTarget.value })}
        />
      </Group>
      <AccessPoints choices={props.accessPoints} value={draft.accessPoint} onChange={(accessPoint) => set({ accessPoint })} />
      <Textarea
        size="lg"
        rows={2}
        label={intl.formatMessage({ id: 'gate.entry.note' })}
        value={draft.note}
        maxLength={GATE_LIMITS.note}
        onChange={(e) => set({ note: e.currentTarget.value })}
      />
    </>
  );
}

function Form(props: { label: string; onSubmit(): void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={props.label}>
      <Stack gap="sm">{props.children}</Stack>
    </form>
  );
}

/** The entry on a valid pass: the visitor and companions, the plates the pass expects, an optional photo
 * (not part of the draft: the page sends it to the movement once it is recorded). */
export function EntryForm(props: {
  check: GateCheck;
  accessPoints: string[];
  busy: boolean;
  can(draft: EntryDraft): boolean;
  onSubmit(draft: EntryDraft, photo: File | null): void;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState<EntryDraft>(() => ({
    people: 1 + props.check.pass.Acompanantes,
    plates: props.check.pass.Placas ?? '',
    accessPoint: props.accessPoints[0] ?? '',
    note: '',
  }));
  const [photo, setPhoto] = useState<File | null>(null);
  return (
    <Form label={intl.formatMessage({ id: 'gate.entry.title' })} onSubmit={() => props.onSubmit(draft, photo)}>
      <DraftFields draft={draft} accessPoints={props.accessPoints} onChange={setDraft} />
      <EntryPhotoField value={photo} onChange={setPhoto} disabled={props.busy} />
      <Button type="submit" color="green.9" {...BUTTON} loading={props.busy} disabled={!props.busy && !props.can(draft)}>
        <FormattedMessage id="gate.entry.submit" />
      </Button>
    </Form>
  );
}

/** A refusal: of the checked pass (its reason goes with it) or of an unknown code (who it was). */
export function RefusalForm(props: {
  askName: boolean;
  busy: boolean;
  can(visitorName: string, note: string): boolean;
  onSubmit(visitorName: string, note: string): void;
}) {
  const intl = useIntl();
  const [visitorName, setVisitorName] = useState('');
  const [note, setNote] = useState('');
  return (
    <Form label={intl.formatMessage({ id: 'gate.refusal.submit' })} onSubmit={() => props.onSubmit(visitorName, note)}>
      {props.askName ? (
        <TextInput
          {...TOUCH}
          label={intl.formatMessage({ id: 'gate.refusal.visitorName' })}
          value={visitorName}
          maxLength={GATE_LIMITS.visitorName}
          onChange={(e) => setVisitorName(e.currentTarget.value)}
        />
      ) : null}
      <Textarea
        size="lg"
        rows={2}
        label={intl.formatMessage({ id: 'gate.entry.note' })}
        value={note}
        maxLength={GATE_LIMITS.note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Button
        type="submit"
        color="red.9"
        {...BUTTON}
        loading={props.busy}
        disabled={!props.busy && !props.can(visitorName, note)}
      >
        <FormattedMessage id="gate.refusal.submit" />
      </Button>
    </Form>
  );
}
