// /condominio/**, behind the authentication guard: the signed-in shell and its pages. The empty path
// opens comunicacion (spec §2.2). A page added here also goes into src/views/common/screens.ts, which is
// what lets the menu link to it.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { LiveChannel } from '../common/LiveChannel';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { BlogsPage as BlogsSummaryPage, PostPage, SectionPage } from '../communication/lazyPages';
import { CondoShell } from './shell/CondoShell';

// The shell's chunk holds the frame only: even the pages a session opens first (the communication home, the
// profile, the welcome) come in their own chunks, as the gate device's shell does (issue 29).
const CommunicationHome = lazy(() =>
  import('../communication/CommunicationHome').then((module) => ({ default: module.CommunicationHome })),
);
const ProfilePage = lazy(() => import('../profile/ProfilePage'));
const WelcomePage = lazy(() => import('../timeline/WelcomePage'));
const DeviceShell = lazy(() => import('./DeviceShell').then((module) => ({ default: module.DeviceShell })));
// Money (issue 5), each page its own chunk.
const FinancePanelPage = lazy(() => import('../finance/FinancePanelPage'));
const ReportPage = lazy(() => import('../finance/ReportPage'));
const BanksPage = lazy(() => import('../finance/BalancesPage').then((m) => ({ default: m.BanksPage })));
const FundsPage = lazy(() => import('../finance/BalancesPage').then((m) => ({ default: m.FundsPage })));
const StatementPage = lazy(() => import('../finance/StatementPage'));
const FinanceHomePage = lazy(() => import('../finance/FinanceHomePage'));
const BulkStatementsPage = lazy(() => import('../finance/BulkStatementsPage'));
const LateFeesPage = lazy(() => import('../lateFees/LateFeesPage'));
const RemindersPage = lazy(() => import('../reminders/RemindersPage'));
const PayPage = lazy(() => import('../checkout/PayPage'));
const CheckoutResultPage = lazy(() => import('../checkout/CheckoutResultPage'));
const PaymentSettingsPage = lazy(() => import('../checkout/PaymentSettingsPage'));
const ReconciliationPage = lazy(() => import('../reconciliation/ReconciliationPage'));
const ProofsPage = lazy(() => import('../proofs/ProofsPage'));
const MyGuestsPage = lazy(() => import('../myGuests/MyGuestsPage'));
const BlogsPage = lazy(() => import('../blogs/BlogsPage'));
const RecurringChargesPage = lazy(() => import('../charges/RecurringChargesPage'));
const AdminPanelPage = lazy(() => import('../charges/AdminPanelPage'));
const EmployeePanelPage = lazy(() => import('./EmployeePanelPage'));
const ConversationsPage = lazy(() => import('../conversations/ConversationsPage'));
// Requests to the administrator (issue 13).
const TicketsPage = lazy(() => import('../tickets/TicketsPage'));
// Surveys and votes (issue 14).
const PollsPage = lazy(() => import('../polls/PollsPage'));
// Facility reservations (issue 15).
const FacilitiesPage = lazy(() => import('../reservations/FacilitiesPage'));
const FacilityPage = lazy(() => import('../reservations/FacilityPage'));
// The events calendar (issue 15).
const CalendarPage = lazy(() => import('../calendar/CalendarPage'));
// Administration (issue 16).
const ConfigurationPage = lazy(() => import('./ConfigurationPage'));
const ResidentsDirectoryPage = lazy(() => import('../directory/ResidentsDirectoryPage'));
const StaffDirectoryPage = lazy(() => import('../directory/StaffDirectoryPage'));
const ManagementPage = lazy(() => import('../management/ManagementPage'));
const HistoryPage = lazy(() => import('../history/HistoryPage'));
const CasetaPage = lazy(() => import('../gate/CasetaPage'));
const MovementLogPage = lazy(() => import('../gate/MovementLogPage'));
const SearchPage = lazy(() => import('../search/SearchPage'));
// Parcels at the gate (issue 26).
const ParcelsPage = lazy(() => import('../parcels/ParcelsPage'));
// Incidents and the shift handover (issue 31), under the rounds' screen.
const IncidentsPage = lazy(() => import('../incidents/IncidentsPage'));
// The condominium's document library (issue 32): the spec's condominio/others.
const DocumentsPage = lazy(() => import('../documents/DocumentsPage'));
const RaiseIncidentPage = lazy(() => import('../incidents/RaiseIncidentPage'));
// Assemblies (issue 32): calls, attendance and the quorum.
const AssembliesPage = lazy(() => import('../assemblies/AssembliesPage'));
// Supervisor rounds (issue 31): the guard's walk and the supervisor's panel.
const RoundsPage = lazy(() => import('../rounds/RoundsPage'));
const SupervisorPanelPage = lazy(() => import('./SupervisorPanelPage'));
const PendingWalkInsPage = lazy(() => import('../gateWalkIns/PendingWalkInsPage'));
// Gate devices (issue 26); their pairing page is outside the guard (routes.tsx).
const DevicesPage = lazy(() => import('../gate/DevicesPage'));
// E-invoicing, "Factura Comunidad" (issue 17): its six screens nest under the module's base.
const InvoicingRoutes = lazy(() => import('../invoicing/InvoicingRoutes'));

export default function CondominioRoutes() {
  // A shift session on a paired gate device gets the device shell (issue 26).
  const device = SessionContext.useSelector((s) => s.context.data?.dispositivo ?? null);
  // The live channel's scope (issue 30): the session's condominium and user; another one starts a channel afresh.
  const liveScope = SessionContext.useSelector((s) =>
    s.context.data ? `${s.context.data.condo.CondoId}:${s.context.data.usuario.UserId}` : null,
  );
  const pages = (
    <>
      {/* Lazy pages load inside the shell, which stays on screen meanwhile. */}
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/">
            <Redirect to="/comunicacion" replace />
          </Route>
          <Route path="/comunicacion" component={CommunicationHome} />
          <Route path="/comunicacion/blogs" component={BlogsSummaryPage} />
          <Route path="/comunicacion/seccion/:sectionId" component={SectionPage} />
          <Route path="/comunicacion/ver-publicacion/:postID" component={PostPage} />
          <Route path="/comunicacion/comunicacion-interpersonal/:sectionId" component={ConversationsPage} />
          <Route path="/comunicacion/tickets-administrador/:sectionId" component={TicketsPage} />
          <Route path="/comunicacion/encuestas" component={PollsPage} />
          <Route path="/comunicacion/instalaciones" component={FacilitiesPage} />
          <Route path="/comunicacion/instalaciones/mostrar/:facilityID" component={FacilityPage} />
          <Route path="/comunicacion/calendario-eventos" component={CalendarPage} />
          <Route path="/mi-perfil" component={ProfilePage} />
          <Route path="/profile/overview" component={ProfilePage} />
          <Route path="/profile/settings" component={ProfilePage} />
          <Route path="/welcome" component={WelcomePage} />
          <Route path="/panel-financiero" component={FinancePanelPage} />
          <Route path="/panel-financiero/ver-reporte" component={ReportPage} />
          <Route path="/panel-financiero/listado-de-bancos" component={BanksPage} />
          <Route path="/panel-financiero/listado-de-fondos" component={FundsPage} />
          <Route path={SCREENS.lateFees} component={LateFeesPage} />
          <Route path={SCREENS.reminders} component={RemindersPage} />
          {/* The legacy recargos link (automatic/penalties?id=N, through login-redirect): ours since issue 27. */}
          <Route path="/automatic/penalties">
            <Redirect to={SCREENS.lateFees} replace />
          </Route>
          <Route path="/estado-cta" component={StatementPage} />
          <Route path={SCREENS.financeHome} component={FinanceHomePage} />
          <Route path={SCREENS.pay} component={PayPage} />
          <Route path={SCREENS.checkoutResult} component={CheckoutResultPage} />
          <Route path={SCREENS.paymentSettings} component={PaymentSettingsPage} />
          <Route path={SCREENS.reconciliation} component={ReconciliationPage} />
          {/* The legacy comprobantes-de-pago link (through login-redirect) is this path itself: ours since issue 27. */}
          <Route path={SCREENS.proofs} component={ProofsPage} />
          <Route path="/estado-cuenta-masivo" component={BulkStatementsPage} />
          <Route path="/mis-invitados" component={MyGuestsPage} />
          <Route path="/listado-blogs" component={BlogsPage} />
          <Route path="/listado-blogs/*">
            <Redirect to="/listado-blogs" replace />
          </Route>
          <Route path="/cargos-automaticos">
            {/* The charges open as a dialog over the communication home. */}
            <CommunicationHome />
            <RecurringChargesPage />
          </Route>
          <Route path="/panel-del-administrador" component={AdminPanelPage} />
          <Route path="/panel-del-empleado" component={EmployeePanelPage} />
          <Route path="/configuracion" component={ConfigurationPage} />
          <Route path="/directorio-principal" component={ResidentsDirectoryPage} />
          <Route path="/directorio-empleados" component={StaffDirectoryPage} />
          <Route path="/control-gerencial" component={ManagementPage} />
          <Route path={SCREENS.invoicing} nest>
            <InvoicingRoutes />
          </Route>
          <Route path="/historial" component={HistoryPage} />
          <Route path={SCREENS.caseta} component={CasetaPage} />
          <Route path={SCREENS.movementLog} component={MovementLogPage} />
          <Route path="/search" component={SearchPage} />
          <Route path="/recorridos-supervisor/incidentes/nuevo" component={RaiseIncidentPage} />
          <Route path="/recorridos-supervisor/incidentes" component={IncidentsPage} />
          <Route path={SCREENS.supervisorPanel} component={SupervisorPanelPage} />
          <Route path={SCREENS.rounds} component={RoundsPage} />
          <Route path={SCREENS.assemblies} component={AssembliesPage} />
          <Route path={SCREENS.parcels} component={ParcelsPage} />
          <Route path={SCREENS.walkIns} component={PendingWalkInsPage} />
          <Route path={SCREENS.gateDevices} component={DevicesPage} />
          <Route path={SCREENS.documents} component={DocumentsPage} />
          <Route>
            <Redirect to="~/sessions/404" replace />
          </Route>
        </Switch>
      </Suspense>
    </>
  );
  return (
    <>
      {liveScope ? <LiveChannel key={liveScope} scope={liveScope} /> : null}
      {device ? <DeviceShell device={device}>{pages}</DeviceShell> : <CondoShell>{pages}</CondoShell>}
    </>
  );
}
