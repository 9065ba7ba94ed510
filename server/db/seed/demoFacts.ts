// The fixed facts of the demo (DESIGN.md §6) that tests and the README rely on. Change them only together
// with those.
import type { NewCondominium } from '../schema';

export const DEMO_PASSWORD = 'Demo1234!';

/** vecino001@demo.mx … vecino005@demo.mx have not accepted the privacy notice. */
export const NEIGHBOURS_WITHOUT_PRIVACY = 5;

export type DemoRole = 'admin' | 'board' | 'resident' | 'employee' | 'guard' | 'supervisor';

export interface DemoMembership {
  condo: 'palmas' | 'bosque' | 'villas';
  role: DemoRole;
  /** "Torre A/101", or "/Casa 3" for a dwelling outside any tower. */
  dwellings?: string[];
  active?: boolean;
  acceptedPrivacy?: boolean;
  /** Guards and supervisors hold 'Verificar pase' (ACC-PAS) active unless this is false (then inactive). */
  passCheck?: boolean;
}

export interface DemoAccount {
  email: string;
  name: string;
  memberships: DemoMembership[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@demo.mx',
    name: 'Ana Martínez Ruiz',
    memberships: [
      { condo: 'palmas', role: 'admin', dwellings: ['Torre A/1001'] },
      { condo: 'bosque', role: 'admin' },
      { condo: 'villas', role: 'resident', dwellings: ['/Villa 4'] },
    ],
  },
  {
    email: 'consejo@demo.mx',
    name: 'Carlos Ramírez Soto',
    memberships: [{ condo: 'palmas', role: 'board', dwellings: ['Torre B/502'] }],
  },
  {
    email: 'residente@demo.mx',
    name: 'Rosa Hernández Díaz',
    memberships: [{ condo: 'palmas', role: 'resident', dwellings: ['Torre A/101'], acceptedPrivacy: false }],
  },
  { email: 'empleado@demo.mx', name: 'Emilio Torres Vega', memberships: [{ condo: 'palmas', role: 'employee' }] },
  { email: 'guardia@demo.mx', name: 'Gabriel Flores Luna', memberships: [{ condo: 'palmas', role: 'guard' }] },
  { email: 'supervisor@demo.mx', name: 'Sofía Vargas Peña', memberships: [{ condo: 'palmas', role: 'supervisor' }] },
  // Guards without 'Verificar pase' until an administrator gives it in configuracion (tests/e2e/memberPermissions.spec.ts:
  // vigilante1 on the desktop project, vigilante2 on the phone project).
  {
    email: 'vigilante1@demo.mx',
    name: 'Víctor Navarro Ríos',
    memberships: [{ condo: 'palmas', role: 'guard', passCheck: false }],
  },
  {
    email: 'vigilante2@demo.mx',
    name: 'Verónica Salas Campos',
    memberships: [{ condo: 'palmas', role: 'guard', passCheck: false }],
  },
  {
    // Only member of a condominium that refuses sign-in: the error dialog opens straight away.
    email: 'villas@demo.mx',
    name: 'Valeria Ortiz Cruz',
    memberships: [{ condo: 'villas', role: 'resident', dwellings: ['/Villa 7'] }],
  },
  {
    email: 'inactivo@demo.mx',
    name: 'Ignacio López Mora',
    memberships: [{ condo: 'palmas', role: 'resident', dwellings: ['/Casa 60'], active: false }],
  },
  {
    // Torres del Bosque's resident (issue 16): condoSettings.spec.ts asks them again after a new privacy notice.
    email: 'bosque.residente@demo.mx',
    name: 'Berenice Solís Arriaga',
    memberships: [{ condo: 'bosque', role: 'resident', dwellings: ['Torre Norte/101'] }],
  },
];

/** The directory's demo contacts in Las Palmas (issue 16): a phone given in mi-perfil and what each shows. */
export interface DemoDirectoryContact {
  email: string;
  phone: string;
  showPhone: boolean;
  showEmail: boolean;
}

export const DEMO_DIRECTORY: DemoDirectoryContact[] = [
  // Andrés Navarro Aguilar of Torre A/603 shows his phone and e-mail; his namesake of Torre B/803 hides his phone.
  { email: 'vecino018@demo.mx', phone: '3311112222', showPhone: true, showEmail: true },
  { email: 'vecino058@demo.mx', phone: '3399998888', showPhone: false, showEmail: false },
  // Lucía Ramírez Navarro (Torre A/606) shows only her e-mail.
  { email: 'vecino019@demo.mx', phone: '3322223333', showPhone: false, showEmail: true },
  { email: 'admin@demo.mx', phone: '3310000001', showPhone: true, showEmail: true },
  { email: 'consejo@demo.mx', phone: '3310000002', showPhone: false, showEmail: true },
  { email: 'empleado@demo.mx', phone: '+523310000003', showPhone: true, showEmail: false },
  { email: 'guardia@demo.mx', phone: '3310000004', showPhone: false, showEmail: false },
];

interface DemoSection {
  name: string;
  code: string;
  posting?: string;
  status?: string;
  comments?: string;
  /** E-mails of the users of an exclusive section. */
  exclusiveFor?: string[];
}

interface DemoCondo {
  key: 'palmas' | 'bosque' | 'villas';
  row: Omit<NewCondominium, 'created_at' | 'end_subscription'>;
  /** The subscription (or trial) ends this many days after the data is loaded. */
  endsInDays: number;
  towers: { name: string; apartments: string[] }[];
  houses: string[];
  sections: DemoSection[];
}

/** floors × units: "101" … "1010". */
function towerUnits(floors: number, perFloor: number): string[] {
  const units: string[] = [];
  for (let floor = 1; floor <= floors; floor++) {
    for (let unit = 1; unit <= perFloor; unit++) units.push(`${floor}${String(unit).padStart(2, '0')}`);
  }
  return units;
}

const range = (count: number, name: (n: number) => string) => Array.from({ length: count }, (_, i) => name(i + 1));

const PRIVACY_NOTICE = [
  'Residencial Las Palmas, A.C., con domicilio en Av. de las Palmas 1200, Zapopan, Jalisco, es responsable del',
  'tratamiento de sus datos personales. Los usamos para administrar las cuotas de mantenimiento, el acceso de',
  'visitantes y la comunicación entre vecinos. Puede ejercer sus derechos ARCO escribiendo a',
  'privacidad@laspalmas.demo.mx.',
].join(' ');

const GOOGLE_MAP =
  '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3732.5!2d-103.41!3d20.71" width="600" height="300" loading="lazy"></iframe>';

const COMMON_SECTIONS: DemoSection[] = [
  { name: 'Avisos de la administración', code: '', posting: 'R' },
  { name: 'Solicitudes a la administración', code: 'SA' },
  { name: 'Reservación de áreas comunes', code: 'RI' },
  { name: 'Encuestas y votaciones', code: 'EN', comments: 'N' },
];

export const DEMO_CONDOS: DemoCondo[] = [
  {
    key: 'palmas',
    endsInDays: 365,
    row: {
      name: 'Residencial Las Palmas',
      subdomain: 'palmas',
      status: 'A',
      mostrar_ingresos: 'T',
      display_directory: 'R',
      tipo_descarga: 'pdf',
      tipo_avisos: 'email',
      aviso_privacidad: PRIVACY_NOTICE,
      aviso_activo: 1,
      logo_file_name: null,
      admin_company: 'Administraciones Occidente S.C.',
      address1: 'Av. de las Palmas 1200',
      address2: 'Col. Jardines del Sol',
      city: 'Zapopan',
      state: 'Jalisco',
      zip: '45050',
      country: 'México',
      phone1: '3312345678',
      phone2: '3398765432',
      phone_country1: '52',
      phone_country2: '52',
      mapa: GOOGLE_MAP,
      publicidad: 'Pinturas y mantenimiento Occidente: 10% de descuento para vecinos.',
      mas_informacion: 'Oficina de administración abierta de lunes a viernes de 9:00 a 18:00.',
      background_color: 'verde',
      time_zone: 'America/Mexico_City',
      login_error: null,
    },
    towers: [
      { name: 'Torre A', apartments: towerUnits(10, 10) },
      { name: 'Torre B', apartments: towerUnits(10, 10) },
    ],
    houses: range(60, (n) => `Casa ${n}`),
    sections: [
      ...COMMON_SECTIONS,
      { name: 'Comunicación entre vecinos', code: 'IC' },
      { name: 'Calendario de eventos', code: 'EV' },
      { name: 'Asuntos del consejo', code: 'AC', posting: 'R' },
      { name: 'Obras y reparaciones', code: 'OR', posting: 'R' },
      { name: 'Comité de jardinería', code: '', posting: 'B', exclusiveFor: ['consejo@demo.mx', 'residente@demo.mx'] },
      { name: 'Mascotas', code: '', status: 'I' },
      // The open board of the neighbours (SectPosting A): IC is private messages since issue 13.
      { name: 'Tablón de vecinos', code: '' },
    ],
  },
  {
    key: 'bosque',
    endsInDays: 30,
    row: {
      name: 'Torres del Bosque',
      subdomain: 'bosque',
      status: 'P',
      mostrar_ingresos: 'M',
      display_directory: 'E',
      tipo_descarga: 'pdf',
      tipo_avisos: 'email',
      aviso_privacidad: null,
      aviso_activo: 0,
      logo_file_name: null,
      admin_company: null,
      address1: 'Calle Pino 45',
      address2: null,
      city: 'Guadalajara',
      state: 'Jalisco',
      zip: '44600',
      country: 'México',
      phone1: '3344556677',
      phone2: null,
      phone_country1: '52',
      phone_country2: null,
      mapa: null,
      publicidad: null,
      mas_informacion: null,
      background_color: 'azul',
      time_zone: 'America/Mexico_City',
      login_error: null,
    },
    towers: [
      { name: 'Torre Norte', apartments: towerUnits(5, 4) },
      { name: 'Torre Sur', apartments: towerUnits(5, 4) },
    ],
    houses: [],
    sections: COMMON_SECTIONS,
  },
  {
    key: 'villas',
    endsInDays: -15,
    row: {
      name: 'Villas del Mar',
      subdomain: 'villas',
      status: 'A',
      mostrar_ingresos: 'X',
      display_directory: 'M',
      tipo_descarga: 'pdf',
      tipo_avisos: 'email',
      aviso_privacidad: null,
      aviso_activo: 0,
      logo_file_name: null,
      admin_company: null,
      address1: 'Blvd. Costero 880',
      address2: null,
      city: 'Mazatlán',
      state: 'Sinaloa',
      zip: '82110',
      country: 'México',
      phone1: null,
      phone2: null,
      phone_country1: null,
      phone_country2: null,
      mapa: null,
      publicidad: null,
      mas_informacion: null,
      background_color: 'naranja',
      time_zone: 'America/Mazatlan',
      login_error: 'Suscripción vencida',
    },
    towers: [],
    houses: range(12, (n) => `Villa ${n}`),
    sections: COMMON_SECTIONS,
  },
];

export const FIRST_NAMES = [
  'María',
  'José',
  'Guadalupe',
  'Juan',
  'Fernanda',
  'Luis',
  'Alejandra',
  'Miguel',
  'Daniela',
  'Jorge',
  'Valeria',
  'Ricardo',
  'Mariana',
  'Francisco',
  'Paola',
  'Eduardo',
  'Gabriela',
  'Andrés',
  'Lucía',
  'Raúl',
];

export const LAST_NAMES = [
  'García',
  'Rodríguez',
  'López',
  'Pérez',
  'González',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Jiménez',
  'Reyes',
  'Castillo',
  'Ortiz',
  'Mendoza',
  'Aguilar',
  'Moreno',
  'Romero',
  'Navarro',
];

// ── Surveys and votes (issue 14): what server/db/seed/polls.ts loads and the browser tests and README name.

/** The demo polls of Las Palmas, by title. */
export const DEMO_POLLS = {
  /** Open, weighted by indiviso, secret, quorum 51 %, with ballots of some neighbours. */
  openVote: 'Impermeabilización de azoteas 2026',
  /** Closed, one vote per dwelling, public ballot: its results and acta. */
  closedVote: 'Horario de la alberca en verano',
  /** Open: single choice, multiple choice (up to two) and free text. */
  openSurvey: 'Encuesta de servicios del condominio',
  /** Opens three days after the data is loaded. */
  upcomingSurvey: 'Horario del gimnasio',
  /** The open votación opened this long before the data was loaded (its arrears are as of that day). */
  openVoteOpenedHoursAgo: 24,
} as const;

/** The section settings of Las Palmas's "Encuestas y votaciones". */
export const DEMO_POLL_SECTION = { tiempoMoroso: 60, verResultados: 1, enviarCopia: 1 } as const;

/**
 * A demo account whose dwelling is barred from the open votación for arrears over 60 days: Casa 57, whose last
 * five monthly cuotas (a house's, $2,600.00, due on the 10th) the ledger seed leaves unpaid (ledger.ts
 * unpaidMonths). No browser test signs in with it but the one that shows the refusal.
 */
export const DEMO_BARRED_VOTER = {
  email: 'vecino086@demo.mx',
  dwelling: 'Casa 57',
  unpaidCuotas: 5,
  cuotaCents: 260_000,
  dueDay: 10,
} as const;

/**
 * What the barred dwelling owed when the open votación opened, in cents: its unpaid cuotas whose due day came
 * before the opening day (reports.arrears() reads the ledger as of that day). `loadedAt`: when the demo data was
 * loaded (a browser test passes its own now: the server it runs against loaded the data today).
 */
export function demoBarredDebtCents(loadedAt: Date): number {
  const palmasZone = DEMO_CONDOS.find((c) => c.key === 'palmas')!.row.time_zone;
  const day = (instant: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: palmasZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  const today = day(loadedAt);
  const openingDay = day(new Date(loadedAt.getTime() - DEMO_POLLS.openVoteOpenedHoursAgo * 3_600_000));
  const month = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  let due = 0;
  for (let ago = 0; ago < DEMO_BARRED_VOTER.unpaidCuotas; ago++) {
    const m = month - ago;
    const dueOn = `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-${String(DEMO_BARRED_VOTER.dueDay).padStart(2, '0')}`;
    if (dueOn < openingDay) due++;
  }
  return due * DEMO_BARRED_VOTER.cuotaCents;
}

// ── The events calendar (issue 15): what server/db/seed/calendar.ts publishes in Las Palmas's "Calendario de
// eventos", relative to the seed day in the condominium's zone (daysAhead 0: the day the data is loaded), and
// what the browser tests and README name.

export interface DemoCalendarEvent {
  title: string;
  kind: 'evento' | 'asamblea';
  place: string;
  daysAhead: number;
  /** Wall-clock times in America/Mexico_City. */
  from: string;
  to: string;
  /** Cancelled, with this reason. */
  cancelledReason?: string;
  /** Takes guest registrations through this registro-invitados token. */
  guestToken?: string;
}

export const DEMO_CALENDAR = {
  cleaning: {
    title: 'Fumigación de áreas comunes',
    kind: 'evento',
    place: 'Jardines, alberca y estacionamiento',
    daysAhead: 2,
    from: '09:00',
    to: '13:00',
  },
  assembly: {
    title: 'Asamblea ordinaria de condóminos',
    kind: 'asamblea',
    place: 'Salón de usos múltiples',
    daysAhead: 9,
    from: '19:00',
    to: '21:00',
  },
  posada: {
    title: 'Posada navideña',
    kind: 'evento',
    place: 'Jardín central',
    daysAhead: 20,
    from: '18:00',
    to: '23:00',
    guestToken: 'demo-posada',
  },
  elevators: {
    title: 'Mantenimiento de elevadores',
    kind: 'evento',
    place: 'Torre A y Torre B',
    daysAhead: 33,
    from: '08:00',
    to: '14:00',
    cancelledReason: 'El proveedor cambió la fecha; avisaremos la nueva.',
  },
} as const satisfies Record<string, DemoCalendarEvent>;

// ── Facility reservations (issue 15): what server/db/seed/reservations.ts loads in Las Palmas, relative to the
// seed day in the condominium's zone, and what the browser tests and README name.

export const DEMO_RESERVATIONS = {
  facilities: {
    salon: 'Salón de eventos',
    pool: 'Alberca',
    grill1: 'Asador 1',
    grill2: 'Asador 2',
    padel: 'Cancha de pádel',
  },
  /** The Salón's fee and deposit (cents), charged when a request is approved. */
  salonFeeCents: 150_000,
  salonDepositCents: 200_000,
  /**
   * Two pending Salón requests for the same Saturday evening (demoPendingSalonDate), from two dwellings: the
   * e2e test approves vecino028's (then finds the fee on that dwelling's statement); approving the other next
   * is refused 'ocupado'. vecino028's is the older request (first in the approval queue).
   */
  pendingSalon: {
    email: 'vecino028@demo.mx',
    otherEmail: 'vecino029@demo.mx',
    from: '18:00',
    to: '24:00',
    people: 60,
  },
  /** Every pádel slot of these days (after the seed day) is free. */
  freePadelDays: [2, 3],
  /** The Alberca is closed for maintenance this day of next week (0 = Monday … 6 = Sunday), 08:00–20:00. */
  poolClosureWeekday: 1,
} as const;

/** The calendar day `days` after the day of `instant` in Las Palmas's zone. */
function palmasDay(instant: Date, days: number): string {
  const zone = DEMO_CONDOS.find((c) => c.key === 'palmas')!.row.time_zone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Saturday of the pending Salón requests: the first Saturday at least 8 days after the data was loaded
 * (so 8–14 days ahead, about ten). */
export function demoPendingSalonDate(loadedAt: Date): string {
  for (let days = 8; ; days++) {
    const day = palmasDay(loadedAt, days);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 6) return day;
  }
}

/** A day relative to the seed day in Las Palmas's zone (the reservations seed and its tests). */
export const demoReservationDay = palmasDay;

/**
 * Las Palmas's late-fee rule (recargos, issue 27): 2 % of the overdue balance, 10 grace days, at most $500.00 a
 * fee, active. The seed applies no fee: the daily job (or "Aplicar recargos ahora") does, once per month and
 * dwelling; DEMO_BARRED_VOTER's Casa 57 is the demo's dwelling in arrears that it charges.
 */
/** Las Palmas reminds its dwellings that owe 3 days before a due date, on it, and 5 days after (issue 27). */
export const DEMO_REMINDERS = { condo: 'palmas', daysBefore: 3, onDue: true, daysAfter: 5 } as const;

export const DEMO_LATE_FEE_RULE = {
  condo: 'palmas',
  kind: 'porcentaje',
  amountCents: 0,
  percentBp: 200,
  graceDays: 10,
  capCents: 50_000,
} as const;

/**
 * Paying online in the demo (issue 27): Las Palmas takes payments through the built-in sandbox provider into its
 * operating account, the resident bearing the commission. The commissions are those of a typical Mexican
 * provider's public price list (card 3.6 % + $3.00, SPEI $8.00, OXXO 3.6 %), before IVA.
 */
export const DEMO_PAYMENT_SETTINGS = {
  condo: 'palmas',
  account: 'BBVA Cuenta operativa',
  feeBearer: 'residente',
  card: { bp: 360, fixedCents: 300 },
  spei: { bp: 0, fixedCents: 800 },
  oxxo: { bp: 360, fixedCents: 0 },
} as const;
