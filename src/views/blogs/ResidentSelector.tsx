import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Modal.css';
// 'Selecciona los residentes': the residents of an exclusive blog. The search ('contains' on the name and
// the dwelling, applied 500 ms after the last keystroke) and the tower filter narrow the list; ticking a
// resident adds or removes them against the original assignment (blogEditorMachine).
import { Button, Checkbox, Group, Modal, NativeSelect, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { dwellingText, filterResidents } from '../../api/blogs';
import { type blogEditorMachine, isSelected, selectedCount } from '../../machines/blogEditorMachine';

export function ResidentSelector({ actor }: { actor: ActorRefFrom<typeof blogEditorMachine> }) {
  const intl = useIntl();
  const context = useSelector(actor, (s) => s.context);
  const shown = filterResidents(context.residents, context.search, context.towerFilter);
  const close = () => actor.send({ type: 'closeSelector' });
  return (
    <Modal opened onClose={close} title={<FormattedMessage id="blogs.selectResidents" />} size="lg" centered>
      <Stack gap="sm">
        <Group grow align="flex-end" wrap="wrap">
          <TextInput
            label={<FormattedMessage id="blogs.search" />}
            type="search"
            value={context.searchInput}
            onChange={(e) => actor.send({ type: 'search', value: e.currentTarget.value })}
          />
          <NativeSelect
            label={<FormattedMessage id="blogs.tower" />}
            value={context.towerFilter === null ? '' : String(context.towerFilter)}
            data={[
              { value: '', label: intl.formatMessage({ id: 'blogs.allTowers' }) },
              ...context.towers.map((t) => ({ value: String(t.id), label: t.nombre })),
            ]}
            onChange={(e) => {
              const raw = e.currentTarget.value;
              actor.send({ type: 'filterTower', towerId: raw === '' ? null : Number(raw) });
            }}
          />
        </Group>
        <Text size="sm" fw={600} role="status">
          <FormattedMessage id="blogs.selectedCount" values={{ count: selectedCount(context) }} />
        </Text>
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Stack gap={6} aria-label={intl.formatMessage({ id: 'blogs.selectResidents' })} role="group">
            {shown.length === 0 ? (
              <Text c="dimmed">
                <FormattedMessage id="blogs.noResidents" />
              </Text>
            ) : (
              shown.map((resident) => (
                <Checkbox
                  key={resident.UserId}
                  checked={isSelected(context, resident.UserId)}
                  onChange={() => actor.send({ type: 'toggleResident', userId: resident.UserId })}
                  label={resident.UserName}
                  description={dwellingText(resident) || undefined}
                />
              ))
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button onClick={close}>
            <FormattedMessage id="blogs.done" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
