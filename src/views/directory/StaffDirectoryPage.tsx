import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
// /condominio/directorio-empleados (issue 16): the staff with their roles (administration, board, employees,
// guards, supervisors) as cards. Who opens it: permissions.directoriesFor. A thin view over directoryMachine.
import { Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { DIRECTORY_SEARCH_MAX, ROLE_MESSAGES } from '../../api/directory';
import { directoriesFor } from '../../api/permissions';
import { FailureAlert } from '../common/FailureAlert';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { KindBadge, PersonCard } from './PersonCard';
import { useDirectorySearch } from './useDirectorySearch';

export default function StaffDirectoryPage() {
  const data = SessionContext.useSelector((s) => s.context.data);
  const intl = useIntl();
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'directory.staff.title' }));
  if (!data) return null;
  if (!directoriesFor(data).employees) return <Redirect to="/comunicacion" replace />;
  return <StaffDirectory />;
}

function StaffDirectory() {
  const intl = useIntl();
  const { state, send, typed, setTyped } = useDirectorySearch('staff');
  const answer = state.context.result?.kind === 'staff' ? state.context.result.answer : null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="directory.staff.title" />
      </Title>
      <TextInput
        type="search"
        label={intl.formatMessage({ id: 'directory.searchStaff' })}
        value={typed}
        maxLength={DIRECTORY_SEARCH_MAX}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
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
        answer.staff.length === 0 ? (
          <Text>
            <FormattedMessage id="directory.empty" />
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={state.matches('loading')}>
            {answer.staff.map((person) => (
              <Card key={person.membershipId} withBorder radius="md" padding="md">
                <PersonCard
                  name={person.name}
                  photoUrl={person.photoUrl}
                  phone={person.phone}
                  email={person.email}
                  badges={person.roles.map((role) => (
                    <KindBadge key={role}>
                      <FormattedMessage id={ROLE_MESSAGES[role]} />
                    </KindBadge>
                  ))}
                />
              </Card>
            ))}
          </SimpleGrid>
        )
      ) : null}
    </Stack>
  );
}
