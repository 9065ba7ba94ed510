// The signed-in frame: the condominium's name, the user's menu with sign-out, and the page.
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Container.css';
import { AppShell, Avatar, Container, Group, Menu, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SessionContext } from '../session/SessionContext';
import { HEADER_NAME_LIMIT, truncate } from './condoName';

export function CondoLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  const session = SessionContext.useActorRef();
  if (!data) return null;
  const { condo, usuario } = data;
  const initials = usuario.UserName.split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0])
    .join('');

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" title={condo.CondoName}>
            {truncate(condo.CondoName, HEADER_NAME_LIMIT)}
          </Title>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label={intl.formatMessage({ id: 'shell.userMenu' }, { name: usuario.UserName })}>
                <Group gap="xs" wrap="nowrap">
                  <Avatar radius="xl" color="blue">
                    {initials}
                  </Avatar>
                  <Text size="sm" visibleFrom="sm">
                    {usuario.UserName}
                  </Text>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{usuario.UserEmail}</Menu.Label>
              <Menu.Item disabled={signingOut} onClick={() => session.send({ type: 'signOut' })}>
                <FormattedMessage id={signingOut ? 'shell.signingOut' : 'shell.signOut'} />
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main">
        <Container size="md" px={0}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
