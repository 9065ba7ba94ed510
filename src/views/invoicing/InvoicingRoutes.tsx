import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Stack.css';
// The e-invoicing module, "Factura Comunidad" (issue 17): the six screens of spec §2.2 under INVOICING_BASE, each
// its own chunk, behind canInvoice (anyone else goes where the other gated pages send them, as the server refuses
// them too). The module's issuers load once here for the sub-navigation and datos-generales.
import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch } from 'wouter';
import { canInvoice } from '../../api/permissions';
import type { SessionData } from '../../api/sessions';
import { useSessionData, WITHOUT_PERMISSION } from '../common/financeAccess';
import { PageLoader } from '../common/PageLoader';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { INVOICING_SEGMENTS, InvoicingNav } from './InvoicingNav';
import { IssuersContext } from './issuersContext';

const GeneralDataPage = lazy(() => import('./generalData/GeneralDataPage'));
const CreateInvoicePage = lazy(() => import('./createInvoice/CreateInvoicePage'));
const CataloguesPage = lazy(() => import('./catalogues/CataloguesPage'));
const ClientsPage = lazy(() => import('./clients/ClientsPage'));
const ReportPage = lazy(() => import('./report/CfdiReportPage'));
const StampsPage = lazy(() => import('./stamps/RequestStampsPage'));

function InvoicingModule({ data }: { data: SessionData }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'invoicing.module.title' });
  useDocumentTitle(data.condo.CondoName, title);
  return (
    <IssuersContext.Provider>
      <Stack gap="md" maw="100%" style={{ overflowX: 'hidden' }}>
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'invoicing.module.description' })}
          </Text>
        </Stack>
        <InvoicingNav data={data} />
        <Suspense fallback={<PageLoader />}>
          <Switch>
            <Route path="/">
              <Redirect to={INVOICING_SEGMENTS.generalData} replace />
            </Route>
            <Route path={INVOICING_SEGMENTS.generalData} component={GeneralDataPage} />
            <Route path={INVOICING_SEGMENTS.createInvoice} component={CreateInvoicePage} />
            <Route path={INVOICING_SEGMENTS.catalogues} component={CataloguesPage} />
            <Route path={INVOICING_SEGMENTS.clients} component={ClientsPage} />
            <Route path={INVOICING_SEGMENTS.report} component={ReportPage} />
            <Route path={INVOICING_SEGMENTS.requestStamps} component={StampsPage} />
            <Route>
              <Redirect to="~/sessions/404" replace />
            </Route>
          </Switch>
        </Suspense>
      </Stack>
    </IssuersContext.Provider>
  );
}

export default function InvoicingRoutes() {
  const data = useSessionData();
  if (!data) return null;
  return canInvoice(data) ? <InvoicingModule data={data} /> : <Redirect to={`~/condominio${WITHOUT_PERMISSION}`} replace />;
}
