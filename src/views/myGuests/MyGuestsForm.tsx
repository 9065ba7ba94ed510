// What the new-pass and new-event forms share: their state (the values, the fields left, whether a submit
// was tried, each field's message) and their frame (the fields, then the visitor's note, a refusal that
// names no field or why the save failed, and Cancelar beside the submit button).
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MyGuestsMessage, MyGuestsOverview } from '../../api/myGuests';
import type { Problem } from '../../machines/myGuestsMachine';
import type { CallFailure } from '../../machines/shared/callFailure';
import { useFailureText } from '../common/FailureText';
import { ProblemText } from './ProblemText';

/** What MyGuestsPage gives either form. */
export interface MyGuestsFormProps<V> {
  overview: MyGuestsOverview;
  saving: boolean;
  problem: Problem | null;
  failure: CallFailure | null;
  onSubmit: (values: V) => void;
  onCancel: () => void;
}

/**
 * A field's message is its own rule's once the field was left or a submit tried, else the server's refusal
 * of that field. `check` runs on every render (its rules read the clock); `submit` hands on valid values only.
 */
export function useMyGuestsForm<V, F extends keyof V & string>(
  initial: () => V,
  check: (values: V) => Partial<Record<F, MyGuestsMessage>>,
  problem: Problem | null,
  onValid: (values: V) => void,
) {
  const intl = useIntl();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<F>>(new Set());
  const [tried, setTried] = useState(false);
  const problems = check(values);
  const set = <K extends F>(field: K, value: V[K]) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: F) => () => setTouched((t) => new Set(t).add(field));
  const error = (field: F) => {
    const local = problems[field];
    if (local && (tried || touched.has(field))) return intl.formatMessage({ id: `invites.problem.${local}` });
    if (problem?.field === field) return intl.formatMessage({ id: `invites.problem.${problem.key}` });
    return undefined;
  };
  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length === 0) onValid(values);
  };
  /** A text input bound to a text field: its value, its edits, leaving it, and its message. */
  const textField = (field: F) => ({
    value: values[field] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value as V[F]),
    onBlur: touch(field),
    error: error(field),
  });
  return { values, set, touch, error, submit, textField };
}

interface FrameProps {
  /** The visitor's note (NotaVisitante), the last field of both forms. */
  note: string;
  onNoteChange: (note: string) => void;
  problem: Problem | null;
  failure: CallFailure | null;
  saving: boolean;
  /** The submit button's message id. */
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export function MyGuestsFormFrame({
  note,
  onNoteChange,
  problem,
  failure,
  saving,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: FrameProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const failureText = useFailureText();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        {children}
        <Textarea
          label={label('invites.field.notaVisitante')}
          value={note}
          onChange={(e) => onNoteChange(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
        />
        {problem && !problem.field ? <ProblemText text={label(`invites.problem.${problem.key}`)} /> : null}
        {failure ? <ProblemText text={failureText(failure)} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            <FormattedMessage id="invites.cancel" />
          </Button>
          <Button type="submit" loading={saving}>
            <FormattedMessage id={submitLabel} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
