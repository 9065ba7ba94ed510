// /condominio/comunicacion: the user's greeting and the sections their role lets them see (spec §6), each a
// link to where the section opens. Employees have no Comunicación (spec §6): their home is the employee panel,
// where signing in lands them through here.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import { canSeeCommunication, menuSections } from '../../api/permissions';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { SessionContext } from '../session/SessionContext';
import { sectionHref } from '../shell/menuModel';
import { SCREENS } from '../shell/screens';

export function CommunicationHome() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'communication.title' }));
  if (!data) return null;
  if (!canSeeCommunication(data)) return <Redirect to={SCREENS.employeePanel} replace />;
  const sections = menuSections(data);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="communication.greeting" values={{ name: data.usuario.UserName.split(' ')[0] }} />
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          <FormattedMessage id="communication.sectionsTitle" />
        </Title>
        {sections.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage id="communication.sectionsEmpty" />
          </Text>
        ) : (
          <List spacing="xs" aria-label={intl.formatMessage({ id: 'communication.sectionsTitle' })}>
            {sections.map((section) => (
              <List.Item key={section.SectId}>
                {/* A name without spaces breaks inside the card rather than running out of it. */}
                <Anchor component={Link} href={sectionHref(section)} style={{ overflowWrap: 'anywhere' }}>
                  {section.SectName}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
        <Anchor component={Link} href="/comunicacion/blogs" mt="md" display="inline-block">
          <FormattedMessage id="posts.blogsTitle" />
        </Anchor>
      </Card>
    </Stack>
  );
}
