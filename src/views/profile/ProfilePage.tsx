import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
// /condominio/mi-perfil (also /profile/overview and /profile/settings, spec §2.2): who the user is in this
// condominium and what they can change about themselves. Each part is a thin view over its own machine.
import { Grid, Stack, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { ActiveSessionsCard } from './ActiveSessionsCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DirectoryContactCard } from './DirectoryContactCard';
import { DwellingsCard } from './DwellingsCard';
import { LanguageCard } from './LanguageCard';
import { ProfileCard } from './ProfileCard';
import { PushCard } from './PushCard';

export default function ProfilePage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'profile.title' }));
  if (!data) return null;
  const { usuario } = data;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="profile.title" />
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <ProfileCard user={usuario} />
            <DwellingsCard apartments={usuario.apartments} />
            <DirectoryContactCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <LanguageCard language={usuario.language} />
            <PushCard />
            <ChangePasswordCard />
            <ActiveSessionsCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
