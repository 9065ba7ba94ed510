// /condominio/comunicacion: the user's greeting and the sections their role lets them see (spec §6), each a
// link to the screen its code opens (src/api/sections.ts, the same list as the menu's) with what waits there:
// open requests, unread messages, polls to answer, new posts (homeCounts.tsx: the shell's communicationHomeMachine, refreshed every 15 s). Employees have no
// Comunicación (spec §6): their home is the employee panel, where signing in lands them through here.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import type { HomeSectionCounts } from '../../api/communicationHome';
import { canManageFacilities, canSeeCommunication } from '../../api/permissions';
import type { SessionSection } from '../../api/sessions';
import { useHomeCounts, useHomeCountsActor } from '../common/homeCounts';
import { openableSections } from '../common/menuModel';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';

/** What waits in one section, by its code: [message id, count]. */
function waiting(code: string, counts: HomeSectionCounts, admin: boolean): [string, number] {
  if (code === 'SA') return ['communication.home.openRequests', counts.abiertas];
  if (code === 'IC') return ['communication.home.unreadMessages', counts.noLeidos];
  if (code === 'EN') return ['communication.home.pollsToAnswer', counts.porContestar];
  if (code === 'RI')
    return [admin ? 'communication.home.toApprove' : 'communication.home.upcomingReservations', counts.reservaciones];
  if (code === 'EV') return ['communication.home.upcomingEvents', counts.proximos];
  return ['communication.home.newPosts', counts.nuevas];
}

/** What waits in one section, in words: requests for SA, messages for IC, polls for EN, reservations for RI
 * (to approve, for administrators), events for EV, posts elsewhere. */
function Waiting({ section, counts, admin }: { section: SessionSection; counts: HomeSectionCounts | undefined; admin: boolean }) {
  if (!counts) return null;
  const [id, count] = waiting(section.SectCode, counts, admin);
  if (count === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="communication.home.nothingWaiting" />
      </Text>
    );
  return (
    <Badge variant="light" color={section.SectCode === 'IC' ? 'red' : 'blue'}>
      <FormattedMessage id={id} values={{ count }} />
    </Badge>
  );
}

export function CommunicationHome() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'communication.title' }));
  const { counts: answered, loading, failed } = useHomeCounts();
  const countsActor = useHomeCountsActor();
  if (!data) return null;
  if (!canSeeCommunication(data)) return <Redirect to={SCREENS.employeePanel} replace />;
  const sections = openableSections(data);
  const counts = new Map(answered.map((c) => [c.SectId, c]));
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
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={intl.formatMessage({ id: 'communication.sectionsTitle' })}
            aria-busy={loading}
          >
            {sections.map(({ section, href }) => (
              <Group component="li" key={section.SectId} justify="space-between" wrap="wrap" gap="xs">
                {/* A name without spaces breaks inside the card rather than running out of it. */}
                <Anchor component={Link} href={href} style={{ overflowWrap: 'anywhere' }}>
                  {section.SectName}
                </Anchor>
                <Waiting section={section} counts={counts.get(section.SectId)} admin={canManageFacilities(data)} />
              </Group>
            ))}
          </Stack>
        )}
        {failed ? (
          <Group mt="sm" gap="xs" role="status">
            <Text size="sm" c="red">
              <FormattedMessage id="communication.home.countsFailed" />
            </Text>
            <Button size="xs" variant="light" onClick={() => countsActor?.send({ type: 'retry' })}>
              <FormattedMessage id="communication.home.retry" />
            </Button>
          </Group>
        ) : null}
        <Anchor component={Link} href="/comunicacion/blogs" mt="md" display="inline-block">
          <FormattedMessage id="posts.blogsTitle" />
        </Anchor>
      </Card>
    </Stack>
  );
}
