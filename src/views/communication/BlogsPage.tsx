import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
// /condominio/comunicacion/blogs: the sections the member may read, each with its post count and posting
// mode, linking to the screen its code opens. Administrators also read inactive sections: those say so in words. A thin
// view over blogsSummaryMachine.
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { blogsSummaryMachine } from '../../machines/blogsSummaryMachine';
import { sectionLink } from '../common/menuModel';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';

export default function BlogsPage() {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  useDocumentTitle(condoName, intl.formatMessage({ id: 'communication.title' }), intl.formatMessage({ id: 'posts.blogsTitle' }));
  const [state, send] = useMachine(blogsSummaryMachine);
  // Each section opens the screen of its code; codes whose screen is not built yet are left out.
  const sections = state.context.sections.flatMap((section) => {
    const href = sectionLink(section);
    return href ? [{ ...section, href }] : [];
  });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="posts.blogsTitle" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="posts.blogsIntro" />
        </Text>
      </Stack>
      {state.matches('loading') ? <LoadingCard /> : null}
      {state.matches('failed') ? <FailedAlert failure={state.context.failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('shown') && sections.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="posts.blogsEmpty" />
        </Text>
      ) : null}
      {state.matches('shown') && sections.length > 0 ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          role="list"
          aria-label={intl.formatMessage({ id: 'posts.blogsTitle' })}
        >
          {sections.map((section) => (
            <Card
              key={section.SectId}
              withBorder
              radius="md"
              padding="lg"
              role="listitem"
              component={Link}
              href={section.href}
              aria-label={
                section.SectStatus === 'I'
                  ? `${section.SectName}, ${intl.formatMessage({ id: 'posts.inactive' })}`
                  : section.SectName
              }
            >
              <Stack gap="xs">
                {/* A name without spaces breaks inside the card rather than running out of it. */}
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {section.SectName}
                </Text>
                <Group gap="xs">
                  {section.SectStatus === 'I' ? (
                    <Badge variant="filled" color="gray">
                      <FormattedMessage id="posts.inactive" />
                    </Badge>
                  ) : null}
                  <Badge variant="light" color="gray">
                    <FormattedMessage id="posts.count" values={{ count: section.blogCount }} />
                  </Badge>
                  <Badge
                    variant="light"
                    color={section.SectPosting === 'A' ? 'teal' : section.SectPosting === 'B' ? 'yellow' : 'blue'}
                  >
                    <FormattedMessage id={`posts.posting.${section.SectPosting}`} />
                  </Badge>
                  {section.ExclusivaUsuarios === 'Y' ? (
                    <Badge variant="outline" color="grape">
                      <FormattedMessage id="posts.exclusive" />
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
