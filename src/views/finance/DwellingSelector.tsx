import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/ScrollArea.css';
// The resident-selector pattern ('Selecciona los residentes', spec §2.4, §5) for dwellings: a
// case- and accent-insensitive 'contains' search on the residents' names and the dwelling's text plus a
// tower filter, debounced 500 ms; ticking rows; Aceptar hands the chosen ids back.
import { Button, Checkbox, Group, Modal, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Dwelling } from '../../api/finance';
import { anyContains } from '../../api/search';
import { dwellingName } from './dwellingName';

/** Spec §9: the resident search waits 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;
const NO_TOWER = '__none__';

export function matchesSearch(d: Dwelling, search: string, tower: string | null): boolean {
  if (tower === NO_TOWER ? d.TorreName !== null : tower !== null && d.TorreName !== tower) return false;
  return anyContains([dwellingName(d), ...d.Residentes], search);
}

export function DwellingSelector(props: {
  opened: boolean;
  dwellings: Dwelling[];
  selected: number[];
  onClose: () => void;
  onAccept: (ids: number[]) => void;
}) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [tower, setTower] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(props.selected));
  const towers = useMemo(
    () => [...new Set(props.dwellings.map((d) => d.TorreName).filter((t): t is string => t !== null))],
    [props.dwellings],
  );
  const shown = props.dwellings.filter((d) => matchesSearch(d, debounced, tower));
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={intl.formatMessage({ id: 'finance.selector.title' })} size="lg">
      <Stack gap="sm">
        <Group grow wrap="wrap">
          <TextInput
            label={<FormattedMessage id="finance.selector.search" />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Select
            label={<FormattedMessage id="finance.selector.tower" />}
            clearable
            value={tower}
            onChange={setTower}
            data={[
              ...towers.map((t) => ({ value: t, label: t })),
              { value: NO_TOWER, label: intl.formatMessage({ id: 'finance.selector.noTower' }) },
            ]}
          />
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            <FormattedMessage id="finance.bulk.selectedCount" values={{ count: chosen.size }} />
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setChosen(new Set([...chosen, ...shown.map((d) => d.ApartmentId)]))}
            >
              <FormattedMessage id="finance.selector.addShown" />
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setChosen(new Set())}>
              <FormattedMessage id="finance.selector.clear" />
            </Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah={360}>
          <Stack gap={6}>
            {shown.map((d) => (
              <Checkbox
                key={d.ApartmentId}
                checked={chosen.has(d.ApartmentId)}
                onChange={() => toggle(d.ApartmentId)}
                label={`${dwellingName(d)}${d.Residentes.length ? ` · ${d.Residentes.join(', ')}` : ''}`}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            <FormattedMessage id="finance.cancel" />
          </Button>
          <Button onClick={() => props.onAccept([...chosen])}>
            <FormattedMessage id="finance.selector.accept" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
