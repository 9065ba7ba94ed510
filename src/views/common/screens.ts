// Which /condominio screens exist, in one place. Paths are relative to /condominio (the shell lives in
// that nest). A menu entry is shown only when its screen is listed here, so the menu never links to a
// page that is not built: an issue that adds a screen adds its route pattern to SCREENS.
export const SCREENS = {
  communication: '/comunicacion',
  blogs: '/comunicacion/blogs',
  section: '/comunicacion/seccion/:sectionId',
  post: '/comunicacion/ver-publicacion/:postID',
  interpersonal: '/comunicacion/comunicacion-interpersonal/:sectionId',
  tickets: '/comunicacion/tickets-administrador/:sectionId',
  polls: '/comunicacion/encuestas',
  facilities: '/comunicacion/instalaciones',
  facility: '/comunicacion/instalaciones/mostrar/:facilityID',
  calendar: '/comunicacion/calendario-eventos',
  myGuests: '/mis-invitados',
  profile: '/mi-perfil',
  welcome: '/welcome',
  financePanel: '/panel-financiero',
  financeReport: '/panel-financiero/ver-reporte',
  banks: '/panel-financiero/listado-de-bancos',
  funds: '/panel-financiero/listado-de-fondos',
  /** Late fees (recargos, issue 27), for administrators; the legacy automatic/penalties redirects here. */
  lateFees: '/panel-financiero/recargos',
  /** Payment reminders (issue 27), for administrators. */
  reminders: '/panel-financiero/recordatorios',
  /** The online-payment settings (issue 27), for administrators. */
  paymentSettings: '/panel-financiero/pagos-en-linea',
  /** Bank reconciliation (conciliación, issue 27), for whoever may record a payment. */
  reconciliation: '/panel-financiero/conciliacion',
  /** Proofs of payment (issue 27): residents send theirs, reviewers decide them; the spec's legacy comprobantes-de-pago. */
  proofs: '/comprobantes-de-pago',
  accountStatement: '/estado-cta',
  /** The resident's money home (issue 27): what each dwelling owes, Pagar, payments with receipts. */
  financeHome: '/financiero',
  /** Paying a dwelling's charges online (issue 27), and the result the provider sends the resident back to. */
  pay: '/financiero/pagar',
  checkoutResult: '/financiero/pago/:id',
  bulkStatements: '/estado-cuenta-masivo',
  blogConfiguration: '/listado-blogs',
  automaticCharges: '/cargos-automaticos',
  adminPanel: '/panel-del-administrador',
  employeePanel: '/panel-del-empleado',
  configuration: '/configuracion',
  residentsDirectory: '/directorio-principal',
  employeesDirectory: '/directorio-empleados',
  managementControl: '/control-gerencial',
  /** The e-invoicing module (issue 17): its six screens nest under it (src/views/invoicing/InvoicingRoutes);
   * INVOICING_BASE without /condominio, written out so the shell's chunk does not carry the invoicing contract
   * (tests/unit/shellMenu.test.ts checks they agree). */
  invoicing: '/control-gerencial/modulos-adicionales/factura-comunidad',
  history: '/historial',
  /** The gate (issue 26): the guard's screen, and the movement log ('Mis visitas' for residents). */
  caseta: '/caseta',
  movementLog: '/bitacora-movimientos',
  /** The gate's devices (issue 26), for administrators; the pairing page is outside the guard. */
  gateDevices: '/dispositivos',
  search: '/search',
  /** Parcels at the gate (issue 26): the gate's waiting list and a resident's own parcels. */
  parcels: '/paqueteria',
  /** Walk-ins waiting at the gate for the resident's answer (issue 26). */
  walkIns: '/visitas',
  /** Supervisor rounds (issue 31): the guard's walk, and the supervisor's panel (spec §2.2 recorridos-supervisor). */
  rounds: '/recorridos',
  supervisorPanel: '/recorridos-supervisor',
  /** Assemblies (issue 32): calls, attendance and the quorum (spec §2.2 condominio/asambleas). */
  assemblies: '/asambleas',
  /** The condominium's document library (issue 32): the spec's condominio/others. */
  documents: '/others',
} as const;

/** Route patterns of the screens that exist today. */
export const AVAILABLE_SCREENS: ReadonlySet<string> = new Set(Object.values(SCREENS));

/**
 * The paths (and everything under them) where the sidebar's menu toggle works. Elsewhere it is disabled and
 * the sidebar stays as the user left it (spec §2.3).
 */
export const MENU_TOGGLE_PATHS: readonly string[] = [
  SCREENS.communication,
  SCREENS.welcome,
  SCREENS.profile,
  '/profile',
  SCREENS.myGuests,
  SCREENS.employeePanel,
];

export function menuToggleEnabled(path: string): boolean {
  return MENU_TOGGLE_PATHS.some((allowed) => path === allowed || path.startsWith(`${allowed}/`));
}
