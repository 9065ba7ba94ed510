// The history's words: a kind's and an action's label (an unknown one is shown as written, never an error),
// and the changed fields of a row, "field: before → after", a long value cut with a way to read it whole.
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HISTORY_ACTIONS, HISTORY_ENTITIES, HISTORY_VALUE_PREVIEW, type HistoryChange } from '../../api/history';
import type { MessageId } from '../../i18n/messages';

const ENTITIES: ReadonlySet<string> = new Set(HISTORY_ENTITIES);
const ACTIONS: ReadonlySet<string> = new Set(HISTORY_ACTIONS);

export function useHistoryWords() {
  const intl = useIntl();
  return {
    entity: (entity: string) =>
      ENTITIES.has(entity) ? intl.formatMessage({ id: `history.entity.${entity}` as MessageId }) : entity,
    action: (action: string) =>
      ACTIONS.has(action) ? intl.formatMessage({ id: `history.action.${action}` as MessageId }) : action,
  };
}

/** A value cut to the preview's length, with … when cut. */
export const cutValue = (value: string) =>
  value.length > HISTORY_VALUE_PREVIEW ? `${value.slice(0, HISTORY_VALUE_PREVIEW)}…` : value;

/** An instant as the server stores it (ISO-8601 UTC), which reads better as the condominium's local time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

function Value({ value, timeZone }: { value: string | null; timeZone?: string }) {
  const intl = useIntl();
  if (value === null || value === '')
    return (
      <Text span c="dimmed">
        {intl.formatMessage({ id: 'history.emptyValue' })}
      </Text>
    );
  if (timeZone && INSTANT.test(value))
    return <Text span>{intl.formatDate(value, { timeZone, dateStyle: 'medium', timeStyle: 'short' })}</Text>;
  return <Text span>{value}</Text>;
}

function Change({ change, timeZone }: { change: HistoryChange; timeZone?: string }) {
  const [open, setOpen] = useState(false);
  const long = (change.before?.length ?? 0) > HISTORY_VALUE_PREVIEW || (change.after?.length ?? 0) > HISTORY_VALUE_PREVIEW;
  const shown = (value: string | null) => (value === null || open ? value : cutValue(value));
  return (
    <li style={{ overflowWrap: 'anywhere' }}>
      {change.field ? <Text span fw={600}>{`${change.field}: `}</Text> : null}
      <Value value={shown(change.before)} timeZone={timeZone} />
      {' → '}
      <Value value={shown(change.after)} timeZone={timeZone} />
      {long ? (
        <Button variant="subtle" size="compact-xs" ml={4} onClick={() => setOpen(!open)} aria-expanded={open}>
          <FormattedMessage id={open ? 'history.collapse' : 'history.expand'} />
        </Button>
      ) : null}
    </li>
  );
}

/** The changed fields; with the condominium's `timeZone`, stored instants read as its local date and time. */
export function ChangeList({ changes, timeZone }: { changes: readonly HistoryChange[]; timeZone?: string }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="history.noChanges" />
      </Text>
    );
  }
  return (
    <ul style={{ margin: 0, paddingInlineStart: '1rem', fontSize: 'var(--mantine-font-size-sm)' }}>
      {changes.map((change, i) => (
        <Change key={`${change.field}-${i}`} change={change} timeZone={timeZone} />
      ))}
    </ul>
  );
}
