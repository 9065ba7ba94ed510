import '@mantine/core/styles/Card.css';
// The log's filters: local dates, dwelling, kind, guard and access point (the choices the server answered),
// and a text search the machine waits on before asking. 'Quitar filtros' goes back to everything.
import { Button, Card, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GATE_LIMITS, GATE_MOVEMENT_KINDS, type MovementFilters, type MovementListAnswer } from '../../../api/gate';

type SelectKey = 'vivienda' | 'tipo' | 'guardia' | 'acceso' | 'desde' | 'hasta';

export function MovementFilterBar(props: {
  filters: MovementFilters;
  answer: MovementListAnswer | null;
  onChange(filters: MovementFilters): void;
  onSearch(text: string): void;
}) {
  const intl = useIntl();
  const { filters, answer } = props;
  const [text, setText] = useState(filters.q ?? '');
  const any = intl.formatMessage({ id: 'gate.log.filter.any' });
  const change = (key: SelectKey, value: string) => {
    const next: Record<string, unknown> = { ...filters };
    if (value === '') delete next[key];
    else if (key === 'vivienda' || key === 'guardia') next[key] = Number(value);
    else next[key] = value;
    props.onChange(next as MovementFilters);
  };
  const select = (key: SelectKey, label: string, choices: { value: string; label: string }[]) => (
    <NativeSelect
      label={intl.formatMessage({ id: label })}
      value={filters[key] === undefined ? '' : String(filters[key])}
      onChange={(e) => change(key, e.currentTarget.value)}
      data={[{ value: '', label: any }, ...choices]}
    />
  );
  return (
    <Card withBorder padding="sm" component="section" aria-label={intl.formatMessage({ id: 'gate.log.filters' })}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'gate.log.filter.from' })}
          value={filters.desde ?? ''}
          onChange={(e) => change('desde', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'gate.log.filter.to' })}
          value={filters.hasta ?? ''}
          onChange={(e) => change('hasta', e.currentTarget.value)}
        />
        {select(
          'vivienda',
          'gate.log.filter.dwelling',
          (answer?.dwellings ?? []).map((d) => ({ value: String(d.id), label: d.name })),
        )}
        {select(
          'tipo',
          'gate.log.filter.kind',
          GATE_MOVEMENT_KINDS.map((kind) => ({ value: kind, label: intl.formatMessage({ id: `gate.kind.${kind}` }) })),
        )}
        {answer && answer.guards.length > 0
          ? select(
              'guardia',
              'gate.log.filter.guard',
              answer.guards.map((g) => ({ value: String(g.id), label: g.name })),
            )
          : null}
        {select(
          'acceso',
          'gate.log.filter.access',
          (answer?.accessPoints ?? []).map((point) => ({ value: point, label: point })),
        )}
        <TextInput
          type="search"
          label={intl.formatMessage({ id: 'gate.log.filter.search' })}
          placeholder={intl.formatMessage({ id: 'gate.log.filter.searchPlaceholder' })}
          value={text}
          maxLength={GATE_LIMITS.search}
          onChange={(e) => {
            setText(e.currentTarget.value);
            props.onSearch(e.currentTarget.value);
          }}
        />
        <Button
          variant="subtle"
          onClick={() => {
            setText('');
            props.onChange({});
          }}
          disabled={Object.keys(filters).length === 0}
        >
          <FormattedMessage id="gate.log.filter.clear" />
        </Button>
      </Group>
    </Card>
  );
}
