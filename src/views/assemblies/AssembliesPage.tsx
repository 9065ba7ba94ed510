import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
// /condominio/asambleas (issue 32): the condominium's assemblies, upcoming first; ?id= one assembly (AssemblyScreen);
// ?nueva=1 the form for those who manage them (AssemblyForm). Administrators, the board and residents with a
// dwelling (canSeeAssemblies); anyone else goes back to comunicacion.
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect, useSearch } from 'wouter';
import { ASSEMBLY_SCREEN, type AssembliesAnswer, assemblyScreen } from '../../api/assemblies';
import { ASSEMBLY_SETTINGS_SCREEN, MINUTES_BOOK_SCREEN } from '../../api/assemblyMinutes';
import { canSeeAssemblies, canSetUpAssemblies } from '../../api/permissions';
import { type CallFailure, callFailure } from '../../machines/shared/callFailure';
import { fetchAssemblies } from '../../services/assembliesService';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useLiveEvent } from '../common/useLiveEvent';
import { AssemblyForm } from './AssemblyForm';
import { AssemblyScreen } from './AssemblyScreen';
import { AssemblySettingsPage } from './AssemblySettingsPage';
import { STATE_COLOR, whenText } from './assemblyFormat';
import { MinutesBook } from './MinutesBook';

export default function AssembliesPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const search = new URLSearchParams(useSearch());
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'assemblies.title' }));
  if (!data) return null;
  if (!canSeeAssemblies(data)) return <Redirect to="/comunicacion" replace />;
  const id = Number(search.get('id'));
  if (Number.isInteger(id) && id > 0) return <AssemblyScreen key={id} id={id} />;
  if (search.get('nueva') === '1') return <AssemblyForm />;
  if (search.get('libro') === '1') return <MinutesBook />;
  if (search.get('ajustes') === '1' && canSetUpAssemblies(data)) return <AssemblySettingsPage />;
  return <AssemblyList />;
}

function AssemblyList() {
  const intl = useIntl();
  const settingsShown = SessionContext.useSelector((s) => (s.context.data ? canSetUpAssemblies(s.context.data) : false));
  const [answer, setAnswer] = useState<AssembliesAnswer | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [round, setRound] = useState(0);
  useLiveEvent('assembly', () => setRound((r) => r + 1));
  useEffect(() => {
    const controller = new AbortController();
    fetchAssemblies(controller.signal).then(
      (fetched) => {
        setAnswer(fetched);
        setFailure(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(callFailure(error));
      },
    );
    return () => controller.abort();
  }, [round]);

  if (failure && !answer) return <FailedAlert failure={failure} onRetry={() => setRound((r) => r + 1)} />;
  if (!answer) return <LoadingCard />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>
          <FormattedMessage id="assemblies.title" />
        </Title>
        <Group gap="xs">
          <Button component={Link} href={MINUTES_BOOK_SCREEN} variant="light">
            <FormattedMessage id="assemblyMinutes.book.open" />
          </Button>
          {settingsShown ? (
            <Button component={Link} href={ASSEMBLY_SETTINGS_SCREEN} variant="default">
              <FormattedMessage id="assemblyMinutes.settings.open" />
            </Button>
          ) : null}
          {answer.manages ? (
            <Button component={Link} href={`${ASSEMBLY_SCREEN}?nueva=1`}>
              <FormattedMessage id="assemblies.new" />
            </Button>
          ) : null}
        </Group>
      </Group>
      {answer.items.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="assemblies.empty" />
        </Text>
      ) : null}
      {answer.items.map((item) => (
        <Card key={item.id} withBorder data-testid="assembly-card">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Anchor component={Link} href={assemblyScreen(item.id)} fw={600}>
                {item.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {intl.formatMessage({ id: `assemblies.kind.${item.kind}` })} · {whenText(intl, item.startsAt)}
                {item.place ? ` · ${item.place}` : ''}
              </Text>
            </Stack>
            <Badge color={STATE_COLOR[item.state]}>{intl.formatMessage({ id: `assemblies.state.${item.state}` })}</Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
