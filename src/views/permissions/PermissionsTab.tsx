// configuracion, tab 'permisos' (issue 16): the members of the condominium, staff first (administrators,
// board, employees, guards, supervisors) then residents, searched (accents and case ignored) and filtered by
// role, a page at a time (memberPermissionsListMachine). Choosing one opens the permissions editor
// (PermissionsEditor, full screen on a phone); a save reads the list again.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import { Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MEMBER_FILTERS, MEMBER_ROLES, MEMBER_SEARCH_MAX, type MemberFilter, type MemberRow } from '../../api/memberPermissions';
import { memberPermissionsListMachine } from '../../machines/memberPermissionsListMachine';
import { FailureAlert } from '../common/FailureAlert';
import { PermissionsEditor } from './PermissionsEditor';

/** How long the search waits after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

export default function PermissionsTab() {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [state, send] = useMachine(memberPermissionsListMachine);
  const { miembros, total, failure, rol } = state.context;
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const sent = useRef('');
  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    send({ type: 'search', q: search });
  }, [search, send]);
  const [open, setOpen] = useState<MemberRow | null>(null);
  const onSaved = useCallback(() => send({ type: 'refresh' }), [send]);

  return (
    <Stack gap="md" data-list-state={String(state.value)}>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="memberPermissions.intro" />
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="search"
          style={{ flex: '1 1 14rem' }}
          label={label('memberPermissions.search')}
          value={typed}
          maxLength={MEMBER_SEARCH_MAX}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <NativeSelect
          style={{ flex: '0 1 12rem' }}
          label={label('memberPermissions.filter')}
          value={rol ?? ''}
          data={[
            { value: '', label: label('memberPermissions.filter.all') },
            ...MEMBER_FILTERS.map((f) => ({ value: f, label: label(`memberPermissions.filter.${f}`) })),
          ]}
          onChange={(e) => send({ type: 'filter', rol: (e.currentTarget.value || null) as MemberFilter | null })}
        />
      </Group>

      {state.matches('failed') ? (
        <FailureAlert failure={failure} title={label('memberPermissions.listFailed')} onRetry={() => send({ type: 'retry' })} />
      ) : null}

      {state.matches('loading') ? (
        <Group justify="center" py="md">
          <Loader aria-label={label('memberPermissions.loading')} />
        </Group>
      ) : null}

      {!state.matches('loading') && !state.matches('failed') ? (
        <>
          <Text size="sm" aria-live="polite">
            <FormattedMessage id="memberPermissions.total" values={{ total }} />
          </Text>
          {miembros.length === 0 ? (
            <Text>
              <FormattedMessage id="memberPermissions.empty" />
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={label('memberPermissions.title')}
            >
              {miembros.map((m) => (
                <li key={m.membershipId}>
                  <MemberCard member={m} onOpen={() => setOpen(m)} />
                </li>
              ))}
            </Stack>
          )}
          {miembros.length < total ? (
            <Button variant="light" loading={state.matches('loadingMore')} onClick={() => send({ type: 'more' })}>
              <FormattedMessage id="memberPermissions.more" />
            </Button>
          ) : null}
        </>
      ) : null}

      {open ? (
        <PermissionsEditor membershipId={open.membershipId} name={open.nombre} onClose={() => setOpen(null)} onSaved={onSaved} />
      ) : null}
    </Stack>
  );
}

function MemberCard({ member, onOpen }: { member: MemberRow; onOpen(): void }) {
  const intl = useIntl();
  const roles = MEMBER_ROLES.filter((role) => member.roles[role]);
  return (
    <Card withBorder radius="md" padding="sm">
      <UnstyledButton onClick={onOpen} style={{ width: '100%' }}>
        <Stack gap={4}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{member.nombre}</Text>
            <Group gap={4} wrap="wrap">
              {(roles.length ? roles : (['resident'] as const)).map((role) => (
                <Badge key={role} variant={role === 'resident' ? 'outline' : 'light'} size="sm">
                  {intl.formatMessage({ id: `memberPermissions.role.${role}` })}
                </Badge>
              ))}
              {member.activo ? null : (
                <Badge color="gray" size="sm">
                  {intl.formatMessage({ id: 'memberPermissions.inactive' })}
                </Badge>
              )}
            </Group>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[member.email, ...member.viviendas].join(' · ')}
          </Text>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}
