import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/SimpleGrid.css';
// /condominio/directorio-principal (issue 16): the residents' directory, dwellings by tower with their
// residents, as cards (one column on a phone). Who opens it: permissions.directoriesFor (the menu offers it
// only to them, the server refuses the others). A thin view over directoryMachine.
import { Card, Group, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { DIRECTORY_PAGE_SIZE, DIRECTORY_SEARCH_MAX } from '../../api/directory';
import { directoriesFor } from '../../api/permissions';
import { FailureAlert } from '../common/FailureAlert';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { KindBadge, PersonCard } from './PersonCard';
import { useDirectorySearch } from './useDirectorySearch';

export default function ResidentsDirectoryPage() {
  const data = SessionContext.useSelector((s) => s.context.data);
  const intl = useIntl();
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'directory.residents.title' }));
  if (!data) return null;
  if (!directoriesFor(data).residents) return <Redirect to="/comunicacion" replace />;
  return <ResidentsDirectory />;
}

function ResidentsDirectory() {
  const intl = useIntl();
  const { state, send, typed, setTyped } = useDirectorySearch('residents');
  const { result, query, failure } = state.context;
  const answer = result?.kind === 'residents' ? result.answer : null;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / DIRECTORY_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="directory.residents.title" />
      </Title>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          style={{ flex: 1, minWidth: 200 }}
          label={intl.formatMessage({ id: 'directory.search' })}
          value={typed}
          maxLength={DIRECTORY_SEARCH_MAX}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        {answer && answer.towers.length > 1 ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'directory.tower' })}
            value={query.torreId === null ? '' : String(query.torreId)}
            data={[
              { value: '', label: intl.formatMessage({ id: 'directory.allTowers' }) },
              ...answer.towers.map((tower) => ({ value: String(tower.torreId), label: tower.torreName })),
            ]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              send({ type: 'tower', torreId: value === '' ? null : Number(value) });
            }}
          />
        ) : null}
      </Group>
      {state.matches('failed') ? (
        <FailureAlert
          failure={state.context.failure}
          title={intl.formatMessage({ id: 'directory.loadFailed' })}
          onRetry={() => send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="directory.retry" />}
        />
      ) : null}
      {state.matches('loading') && !answer ? <PageLoader /> : null}
      {answer ? (
        <Stack gap="md" aria-busy={state.matches('loading')}>
          <Text size="sm" c="dimmed" role="status">
            {failure ? null : <FormattedMessage id="directory.count" values={{ total: answer.total }} />}
          </Text>
          {answer.dwellings.length === 0 ? (
            <Text>
              <FormattedMessage id="directory.empty" />
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {answer.dwellings.map((dwelling) => (
                <Card
                  key={dwelling.aptId}
                  withBorder
                  radius="md"
                  padding="md"
                  component="section"
                  aria-label={dwellingName(dwelling)}
                >
                  <Stack gap="sm">
                    <Text fw={700}>{dwellingName(dwelling)}</Text>
                    {dwelling.residents.map((resident) => (
                      <PersonCard
                        key={resident.membershipId}
                        name={resident.name}
                        photoUrl={resident.photoUrl}
                        phone={resident.phone}
                        email={resident.email}
                        badges={
                          <KindBadge>
                            <FormattedMessage id={`directory.kind.${resident.kind}`} />
                          </KindBadge>
                        }
                      />
                    ))}
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.floor(query.offset / DIRECTORY_PAGE_SIZE) + 1}
                onChange={(page) => send({ type: 'page', offset: (page - 1) * DIRECTORY_PAGE_SIZE })}
                getItemProps={(page) => ({ 'aria-label': intl.formatMessage({ id: 'directory.page' }, { page, pages }) })}
              />
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function dwellingName(dwelling: { torreName: string | null; aptName: string }): string {
  return dwelling.torreName ? `${dwelling.torreName} · ${dwelling.aptName}` : dwelling.aptName;
}
