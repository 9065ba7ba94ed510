import '@mantine/core/styles/Tabs.css';
// /condominio/configuracion (spec §2.2, issue 16): administrators only. One tab per part of the people and the
// settings; the tab is in the address (?tab=) so a link, a notification or the back button opens it again.
// Each tab's view is its own chunk and its own flow (src/api/configuration.ts).
import { Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect, useLocation, useSearch } from 'wouter';
import { CONFIGURATION_TABS, type ConfigurationTab, configurationPath, isConfigurationTab } from '../../api/configuration';
import { canManagePeople } from '../../api/permissions';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';

const TAB_VIEWS: Record<ConfigurationTab, ReturnType<typeof lazy>> = {
  viviendas: lazy(() => import('../dwellings/DwellingsTab')),
  residentes: lazy(() => import('../invitations/ResidentsTab')),
  solicitudes: lazy(() => import('../invitations/AccessRequestsTab')),
  permisos: lazy(() => import('../permissions/PermissionsTab')),
  condominio: lazy(() => import('../condoSettings/CondoSettingsTab')),
};

export default function ConfigurationPage() {
  const data = SessionContext.useSelector((s) => s.context.data);
  const intl = useIntl();
  const requested = new URLSearchParams(useSearch()).get('tab');
  const [, navigate] = useLocation();
  const tab: ConfigurationTab = isConfigurationTab(requested) ? requested : 'viviendas';
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'configuration.title' }));
  if (!data) return null;
  if (!canManagePeople(data)) return <Redirect to="/comunicacion" replace />;
  const TabView = TAB_VIEWS[tab];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="configuration.title" />
      </Title>
      <Tabs value={tab} onChange={(next) => isConfigurationTab(next) && navigate(configurationPath(next))} keepMounted={false}>
        <Tabs.List>
          {CONFIGURATION_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              <FormattedMessage id={`configuration.tab.${name}`} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CONFIGURATION_TABS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            {name === tab && (
              <Suspense fallback={<PageLoader />}>
                <TabView />
              </Suspense>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
