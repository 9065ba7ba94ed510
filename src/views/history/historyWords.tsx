// The history's words: a kind's and an action's label (an unknown one is shown as written, never an error),
// and the changed fields of a row, "field: before → after" in words (src/api/history.ts historyValueText:
// money as money, dates in the condominium's zone, yes/no, percentages, JSON as lists, secrets hidden), a
// long value cut with a way to read it whole.
import { Button, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { formatMoney } from '../../api/finance';
import {
  HISTORY_ACTIONS,
  HISTORY_ENTITIES,
  HISTORY_VALUE_PREVIEW,
  type HistoryChange,
  type HistoryValueWords,
  historyValueText,
  isHistoryField,
} from '../../api/history';
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

/** The words a change's values are written with; instants in `timeZone` (the condominium's) when given. */
export function historyValueWords(intl: IntlShape, timeZone?: string): HistoryValueWords {
  const dateTime = (local: string) =>
    intl.formatDate(`${local}:00Z`, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  return {
    field: (name) => (isHistoryField(name) ? intl.formatMessage({ id: `history.field.${name}` as MessageId }) : name),
    yes: intl.formatMessage({ id: 'history.value.yes' }),
    no: intl.formatMessage({ id: 'history.value.no' }),
    hidden: intl.formatMessage({ id: 'history.value.hidden' }),
    money: formatMoney,
    date: (isoDate) => intl.formatDate(`${isoDate}T12:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' }),
    dateTime,
    instant: (iso) => (timeZone ? intl.formatDate(iso, { timeZone, dateStyle: 'medium', timeStyle: 'short' }) : iso),
    percent: (basisPoints) => intl.formatNumber(basisPoints / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
  };
}

/** A value cut to the preview's length, with … when cut. */
export const cutValue = (value: string) =>
  value.length > HISTORY_VALUE_PREVIEW ? `${value.slice(0, HISTORY_VALUE_PREVIEW)}…` : value;

function Value({ value }: { value: string | null }) {
  const intl = useIntl();
  if (value === null || value === '')
    return (
      <Text span c="dimmed">
        {intl.formatMessage({ id: 'history.emptyValue' })}
      </Text>
    );
  return <Text span>{value}</Text>;
}

function Change({ change, words }: { change: HistoryChange; words: HistoryValueWords }) {
  const [open, setOpen] = useState(false);
  const before = historyValueText(change.field, change.before, words);
  const after = historyValueText(change.field, change.after, words);
  const long = (before?.length ?? 0) > HISTORY_VALUE_PREVIEW || (after?.length ?? 0) > HISTORY_VALUE_PREVIEW;
  const shown = (value: string | null) => (value === null || open ? value : cutValue(value));
  return (
    <li style={{ overflowWrap: 'anywhere' }}>
      {change.field ? <Text span fw={600}>{`${words.field(change.field)}: `}</Text> : null}
      <Value value={shown(before)} />
      {' → '}
      <Value value={shown(after)} />
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
  const intl = useIntl();
  const words = useMemo(() => historyValueWords(intl, timeZone), [intl, timeZone]);
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
        <Change key={`${change.field}-${i}`} change={change} words={words} />
      ))}
    </ul>
  );
}
