// The user's menu: Mi Perfil (and the profile links the rules allow), the language saved to the
// profile (profileLanguageMachine: save, then refresh the session), and sign-out.
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionUser } from '../../../api/sessions';
import { isLanguage, LANGUAGES } from '../../../i18n/languages';
import { profileLanguageMachine } from '../../../machines/profileLanguageMachine';
import type { MenuEntry } from '../../common/menuModel';
import { SessionContext } from '../../common/SessionContext';
import { EntryLink } from './entryLink';
import { ShellIcon } from './icons';
import { useEntryName } from './useEntryName';

const LANGUAGE_NAMES = { es: 'language.es', en: 'language.en', fr: 'language.fr' } as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

interface ProfileMenuProps {
  links: readonly MenuEntry[];
}

export function ProfileMenu({ links }: ProfileMenuProps) {
  const usuario = SessionContext.useSelector((s) => s.context.data?.usuario);
  if (!usuario) return null;
  // The language flow starts from the profile's language, so it starts again whenever that changes.
  return <UserMenu key={usuario.language} usuario={usuario} links={links} />;
}

function UserMenu({ usuario, links }: ProfileMenuProps & { usuario: SessionUser }) {
  const intl = useIntl();
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  const session = SessionContext.useActorRef();
  const [language, sendLanguage] = useMachine(profileLanguageMachine, {
    input: { language: usuario.language, session },
  });
  const savingLanguage = language.matches('saving');
  const nameOf = useEntryName();

  return (
    <Menu position="bottom-end" withinPortal width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={intl.formatMessage({ id: 'shell.userMenu' }, { name: usuario.UserName })}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" color="blue" src={usuario.fotoSignedUrl} alt="">
              {initials(usuario.UserName)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={180} truncate>
              {usuario.UserName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{usuario.UserEmail}</Menu.Label>
        {links.map((entry) => (
          <Menu.Item key={entry.key} component={EntryLink} entry={entry} leftSection={<ShellIcon name={entry.icon} size={16} />}>
            {nameOf(entry).shown}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>
          <Group gap={6} wrap="nowrap">
            <ShellIcon name="language" size={14} />
            <FormattedMessage id="language.label" />
          </Group>
        </Menu.Label>
        <Menu.RadioGroup
          value={language.context.chosen}
          onChange={(value) => isLanguage(value) && sendLanguage({ type: 'choose', language: value })}
        >
          {LANGUAGES.map((code) => (
            <Menu.RadioItem key={code} value={code} lang={code} disabled={savingLanguage}>
              <FormattedMessage id={LANGUAGE_NAMES[code]} />
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        {language.context.failure !== null && (
          <Text role="alert" size="xs" c="red" px="sm" py={4}>
            <FormattedMessage id="shell.languageFailed" />
          </Text>
        )}
        <Menu.Divider />
        <Menu.Item
          disabled={signingOut}
          leftSection={<ShellIcon name="signOut" size={16} />}
          onClick={() => session.send({ type: 'signOut' })}
        >
          <FormattedMessage id={signingOut ? 'shell.signingOut' : 'shell.signOut'} />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
