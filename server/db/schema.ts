// The database as Kysely sees it. Columns are snake_case; src/api speaks the spec's field names and the
// domain maps between them. Booleans are 0/1 integers and timestamps ISO-8601 UTC text, so the same
// queries run unchanged on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable } from 'kysely';

type Flag = 0 | 1;

export interface CondominiumTable {
  id: Generated<number>;
  name: string;
  subdomain: string;
  /** 'A' active, 'P' trial, 'I' inactive. */
  status: string;
  /** YYYY-MM-DD, end of the subscription or trial. */
  end_subscription: string | null;
  /** 'T' everyone but employees and guards, 'M' board and admins, 'X' admins only. */
  mostrar_ingresos: string;
  /** 'R', 'E' or 'M'. */
  display_directory: string;
  tipo_descarga: string;
  tipo_avisos: string;
  aviso_privacidad: string | null;
  aviso_activo: Flag;
  logo_file_name: string | null;
  admin_company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone1: string | null;
  phone2: string | null;
  phone_country1: string | null;
  phone_country2: string | null;
  mapa: string | null;
  publicidad: string | null;
  mas_informacion: string | null;
  /** azul, gris, verde or naranja. */
  background_color: string;
  time_zone: string;
  /** The gate's settings (migration 0021): a walk-in reads 'sin respuesta' after these minutes; parcels waiting
   * these days are reminded; an entry's photo is deleted after these days. */
  walk_in_answer_minutes: Generated<number>;
  parcel_reminder_days: Generated<number>;
  photo_retention_days: Generated<number>;
  /** Why signing in to this condominium is refused (shown in the condo error dialog); null when it is not. */
  login_error: string | null;
  created_at: string;
}

export interface TowerTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  /** 0: deactivated (migration 0015): kept for what points at it, offered for nothing new. */
  active: Generated<Flag>;
}

export interface ApartmentTable {
  id: Generated<number>;
  condo_id: number;
  /** null for dwellings outside any tower (houses). */
  tower_id: number | null;
  name: string;
  /** Share of the property in parts per million (src/api/polls.ts INDIVISO_WHOLE); weighs votes (migration 0013). */
  indiviso: Generated<number>;
  /** 0: deactivated (migration 0015). */
  active: Generated<Flag>;
}

export interface UserTable {
  id: Generated<number>;
  /** Always lower-case. */
  email: string;
  name: string;
  /** scrypt$logN$r$p$salt$hash, see infra/passwords.ts. */
  password_hash: string;
  photo_file_name: string | null;
  /** The profile photo in files; null when there is none. */
  photo_file_id: number | null;
  /** Given in mi-perfil (migration 0015); the directory shows it only with memberships.directory_show_phone. */
  phone: string | null;
  created_at: string;
}

export interface MembershipTable {
  id: Generated<number>;
  user_id: number;
  condo_id: number;
  is_admin: Flag;
  is_board: Flag;
  is_employee: Flag;
  is_guard: Flag;
  is_supervisor: Flag;
  active: Flag;
  /** When the user accepted this condominium's privacy notice; null = not accepted. */
  privacy_accepted_at: string | null;
  language: string;
  created_at: string;
  /** The person's own choice to show their phone and e-mail in the directory (migration 0015; 0 until chosen). */
  directory_show_phone: Generated<Flag>;
  directory_show_email: Generated<Flag>;
}

export interface ResidencyTable {
  id: Generated<number>;
  membership_id: number;
  apartment_id: number;
  /** 'owner' (propietario) or 'tenant' (inquilino), migration 0015. */
  kind: Generated<string>;
}

export interface SessionTable {
  id: Generated<number>;
  /** SHA-256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  user_id: number;
  /** null for the short sign-in token that only allows choosing a condominium. */
  condo_id: number | null;
  /** 'signin' (choose a condominium), 'condo' (a working session), 'product' (the second product token),
   * 'bridge' (a single-use antkn that opens a condo session for its user and condominium). */
  kind: string;
  /** The product token points at the condo session it was issued with, and dies with it. */
  parent_id: number | null;
  remember_me: Flag;
  created_at: string;
  /** When it was last used, to the minute (written at most once a minute; see resolveSession). */
  last_seen_at: string;
  /** The sliding idle expiry, never past absolute_expires_at. */
  expires_at: string;
  /** However much it is used, the session ends here (SESSION_MAX_HOURS, REMEMBER_ME_MAX_DAYS). */
  absolute_expires_at: string;
  revoked_at: string | null;
  /** The client's address when it was opened (request.ip, which honours TRUST_PROXY); null when unknown. */
  client_address: string | null;
  /** The browser's User-Agent when it was opened, cut to USER_AGENT_MAX characters; null when unknown. */
  user_agent: string | null;
  /** A shift session (kind 'gate') names the paired device it was opened on (migration 0019); null otherwise. */
  device_id: Generated<number | null>;
}

export interface UserPermissionTable {
  id: Generated<number>;
  membership_id: number;
  /** e.g. COM-EDO, COM-REP, COM-SOL, COM-RES, COM-ENC, ADEUDOS. */
  clave: string;
  /** The access kind: 'ver', 'editar' or 'alto'. */
  tipo: string;
  activa: Flag;
}

export interface RoleFunctionTable {
  id: Generated<number>;
  membership_id: number;
  /** e.g. Ingresos, Egresos, Bancos, Fondos. */
  funcion: string;
  /** 0 none, 1 read, 2 write, 3 full. */
  tipo: number;
}

export interface SectionTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  /** SA, RI, EN, IC, EV, AC, OR, or '' for a plain blog. */
  code: string;
  graphic: string | null;
  position: number;
  /** 'A' active, 'I' inactive. */
  status: string;
  /** 'A' open, 'B' approval required, 'R' restricted. */
  posting: string;
  comments_display: string;
  vista_x_torre: Flag;
  sol_privada: Flag;
  exclusiva_usuarios: string;
  publico_privado: Flag;
  tiempo_moroso: number;
  ver_resultados: number;
  enviar_copia: Flag;
  mensaje_confirmacion: string | null;
  created_at: string;
}

export interface SectionUserTable {
  id: Generated<number>;
  section_id: number;
  user_id: number;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token in the e-mailed link, hex. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** When the link set a new password. */
  used_at: string | null;
  /** When a newer link, a password change or a reset made this one worthless. */
  revoked_at: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
  /** null: not delivered over SMTP (no SMTP_URL, or the SMTP server refused it). */
  sent_at: string | null;
  /** SMTP attempts so far (0: stored because there was no SMTP_URL). */
  attempts: Generated<number>;
  /** When the re-sender may try next; null: never (it gave up, or the row predates re-sending). */
  next_attempt_at: string | null;
  /** The SMTP server's answer to the last attempt, or why the re-sender gave up. */
  last_error: string | null;
  /** After this the mail is not worth sending (an expired reset link). */
  valid_until: string | null;
  /** The lease of the process sending it now. */
  claimed_by: string | null;
  claimed_until: string | null;
}

export interface MailOutboxAttachmentTable {
  id: Generated<number>;
  mail_id: number;
  /** The bytes and content type, in `files`. */
  file_id: number;
  file_name: string;
  position: number;
}

export interface FileTable {
  id: Generated<number>;
  /** Whose file it is; it goes when they go. */
  owner_user_id: number | null;
  content_type: string;
  byte_size: number;
  /** Hex SHA-256 of data. */
  sha256: string;
  data: Buffer;
  created_at: string;
}

export interface AppSecretTable {
  id: Generated<number>;
  /** e.g. 'photo-url'. */
  name: string;
  /** base64url of random bytes. */
  value: string;
  created_at: string;
}

export interface ActivityTable {
  id: Generated<number>;
  condo_id: number;
  /** 'condo.created', 'section.created', 'member.joined', 'privacy.updated', … (src/api/timeline.ts). */
  kind: string;
  /** What the event is about: a member's, section's or condominium's name. */
  subject: string;
  detail: string | null;
  /** Who did it, when it was somebody. */
  actor_user_id: number | null;
  created_at: string;
}

export interface PlanTable {
  id: Generated<number>;
  /** Stable key, e.g. 'basico'. */
  code: string;
  name: string;
  description: string;
  /** Integer cents of `currency`. */
  monthly_price_cents: number;
  yearly_price_cents: number;
  /** 'MXN'. */
  currency: string;
  /** Dwellings covered; null: no limit. */
  max_dwellings: number | null;
  /** JSON array of short feature sentences, in Spanish. */
  features: string;
  position: number;
  active: Flag;
  created_at: string;
}

export interface PublicContactRequestTable {
  id: Generated<number>;
  condo_id: number;
  /** 'contact' or 'access'. */
  kind: string;
  nombre: string;
  email: string;
  tel: string;
  comentarios: string;
  /** Access requests only. */
  vivienda: string | null;
  client_address: string;
  created_at: string;
  /** Access requests' inbox (migration 0015): 'pendiente', 'aprobada' or 'rechazada'. */
  status: Generated<string>;
  decided_by: number | null;
  decided_at: string | null;
  /** The rejection message e-mailed to the person. */
  decision_message: string | null;
}

/** An e-mailed invitation to join a condominium as a resident of a dwelling or as staff (migration 0015). */
export interface InvitationTable {
  id: Generated<number>;
  condo_id: number;
  /** Lower-case. */
  email: string;
  name: string;
  /** A resident's dwelling and kind ('owner' | 'tenant'); null for staff and board invitations. */
  apartment_id: number | null;
  kind: string | null;
  is_admin: Generated<Flag>;
  is_board: Generated<Flag>;
  is_employee: Generated<Flag>;
  is_guard: Generated<Flag>;
  is_supervisor: Generated<Flag>;
  /** SHA-256 of the token in the e-mailed link, hex. */
  token_hash: string;
  created_by: number | null;
  /** The access request this invitation answers, when it came from the inbox. */
  access_request_id: number | null;
  sent_count: Generated<number>;
  last_sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: number | null;
  revoked_at: string | null;
  created_at: string;
}

export interface CaptchaSpentTable {
  id: Generated<number>;
  nonce: string;
  expires_at: string;
}

export interface AccessPointTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  address: string | null;
  /** "latitude,longitude". */
  coordinates: string | null;
  created_at: string;
}

export interface GuestSettingsTable {
  id: Generated<number>;
  condo_id: number;
  /** Guests say whether they come on foot or by car. */
  ask_access: Flag;
  /** Guests by car give their plates. */
  ask_plates: Flag;
  regulation_url: string | null;
}

export interface EventTable {
  id: Generated<number>;
  condo_id: number;
  host_user_id: number;
  name: string;
  description: string | null;
  /** ISO-8601 UTC. */
  starts_at: string;
  /** NumeroDeAsistentes: companions each guest may bring. */
  companions_allowed: number;
  /** Guests (registrations) allowed; null: no limit. */
  guest_limit: number | null;
  /** Guests by car allowed; null: no limit. */
  vehicle_limit: number | null;
  guest_count: number;
  vehicle_count: number;
  /** 'activo' or 'cancelado'. */
  status: string;
  access_point_id: number | null;
  visitor_note: string | null;
  created_at: string;
}

export interface GuestLinkTable {
  id: Generated<number>;
  token: string;
  /** 'event', 'user' or 'condo'. */
  type: string;
  condo_id: number;
  user_id: number | null;
  event_id: number | null;
  created_at: string;
  revoked_at: string | null;
}

export interface PassTable {
  id: Generated<number>;
  condo_id: number;
  /** temporal, domestico, infante, manual, preautorizado or evento. */
  tipo: string;
  qr: string;
  manual_key: string;
  nombre: string;
  email: string | null;
  telefono: string | null;
  /** JSON list of weekday names. */
  dias_acceso: string;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  hora_inicio: string | null;
  hora_fin: string | null;
  nota_visitante: string | null;
  nombre_infante: string | null;
  host_user_id: number | null;
  apartment_id: number | null;
  guest_link_id: number | null;
  event_id: number | null;
  companions: number;
  /** 'pie' or 'auto'. */
  forma_de_acceso: string;
  placas: string | null;
  created_at: string;
  revoked_at: string | null;
  /** How many entries the pass allows: null no limit, 1 single use (migration 0019). */
  entry_limit: Generated<number | null>;
}

/** A bank account ('banco') or petty cash ('caja') of a condominium. */
export interface LedgerAccountTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  kind: string;
  opening_cents: number;
  /** YYYY-MM-DD: the opening balance is as of this day. */
  opened_on: string;
}

export interface LedgerFundTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  opening_cents: number;
  opened_on: string;
}

/** A cuota or other charge to one dwelling. Dates YYYY-MM-DD in the condominium's time zone. */
export interface DwellingChargeTable {
  id: Generated<number>;
  condo_id: number;
  apartment_id: number;
  concept: string;
  charged_on: string;
  due_on: string;
  amount_cents: number;
  /** A reservation's fee, deposit or their credit (negative amount) (migration 0014); null otherwise. */
  reservation_id?: number | null;
}

export interface DwellingPaymentTable {
  id: Generated<number>;
  condo_id: number;
  apartment_id: number;
  account_id: number;
  paid_on: string;
  reference: string;
  amount_cents: number;
}

/**
 * A payment's receipt (migration 0022), written with the payment (domain/shared/ledgerPayments.ts): the
 * condominium's folio, the token of its public verification page, how the money came in ('registrado',
 * 'factura'; the online slices add 'tarjeta', 'spei', 'oxxo', 'transferencia') and, once cancelled, when and why.
 */
export interface PaymentReceiptTable {
  id: Generated<number>;
  condo_id: number;
  payment_id: number;
  folio: number;
  token: string;
  method: string;
  created_at: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
}

/** A condominium's payment provider and commissions (issue 27, migration 0024). */
export interface PaymentSettingsTable {
  id: Generated<number>;
  condo_id: number;
  provider: string;
  enabled: Generated<number>;
  fee_bearer: Generated<string>;
  card_fee_bp: number;
  card_fee_fixed_cents: number;
  spei_fee_bp: number;
  spei_fee_fixed_cents: number;
  oxxo_fee_bp: number;
  oxxo_fee_fixed_cents: number;
  account_id: number | null;
  updated_at: string;
  /** The provider's secret API key and webhook signing secret, sealed (migration 0028, domain/shared/vault.ts). */
  secret_key_sealed: string | null;
  secret_key_last4: string | null;
  webhook_secret_sealed: string | null;
  webhook_secret_last4: string | null;
}

/** One attempt to pay a dwelling's charges online (src/api/checkout.ts). */
export interface CheckoutTable {
  id: Generated<number>;
  condo_id: number;
  apartment_id: number;
  user_id: number;
  client_id: string;
  provider: string;
  provider_ref: string;
  method: string;
  state: string;
  amount_cents: number;
  fee_cents: number;
  fee_bearer: string;
  total_cents: number;
  charge_ids: string;
  account_id: number;
  pay_reference: string | null;
  expires_at: string;
  payment_id: number | null;
  failure: string | null;
  created_at: string;
  updated_at: string;
  /** The provider's own page for it (migration 0028); null for the sandbox, whose page is /pago-sandbox/{ref}. */
  redirect_url: string | null;
  /** Migration 0030: the resident asked to keep the card (1), with this monthly limit for its automatic charges. */
  save_card: Generated<number>;
  save_limit_cents: Generated<number | null>;
  /** Migration 0030: the automatic charge (recurring_charges) the daily job opened this checkout for. */
  recurring_charge_id: Generated<number | null>;
}

/** A card the provider tokenised for a member's automatic charges (migration 0030). */
export interface SavedCardTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  apartment_id: number;
  provider: string;
  /** The provider's token (sandbox sbx_card_…, Stripe pm_…): not a secret without the account's key. */
  token: string;
  /** The provider's customer the card belongs to (Stripe cus_…); null for the sandbox. */
  customer: string | null;
  brand: string;
  last4: string;
  /** MM/YY, when the provider says. */
  exp: string | null;
  created_at: string;
  removed_at: string | null;
}

/** The provider's customer of a member (migration 0030), made once. */
export interface ProviderCustomerTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  provider: string;
  customer: string;
  created_at: string;
}

/** What the daily automatic-charge job did for a dwelling on a day (migration 0030). */
export interface RecurringChargeRunTable {
  id: Generated<number>;
  condo_id: number;
  recurring_charge_id: number;
  apartment_id: number;
  /** 'aviso' (told the day before) or 'cargo' (charged). */
  kind: string;
  run_on: string;
  amount_cents: number;
  /** 'avisado' | 'pagado' | 'rechazado' | 'pendiente'. */
  outcome: string;
  reason: string | null;
  /** The latest due date among the charges it was for. */
  due_through: string;
  checkout_id: number | null;
  created_at: string;
}

/** A proof of payment a resident sent (migration 0025, issue 27; src/api/proofs.ts); its state per proofsLifecycle.ts. */
export interface PaymentProofTable {
  id: Generated<number>;
  condo_id: number;
  apartment_id: number;
  user_id: number;
  client_id: string;
  state: string;
  method: string;
  amount_cents: number;
  paid_on: string;
  bank: string;
  reference: string;
  reference_key: string;
  note: string;
  file_id: number;
  file_name: string;
  file_sha256: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
  reject_reason: string | null;
  payment_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Every payment-provider event taken, once (unique provider, event_id). */
export interface CheckoutEventTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  checkout_id: number | null;
  kind: string;
  outcome: string;
  received_at: string;
}

/** Income other than the dwellings' payments, and every expense. */
export interface LedgerMovementTable {
  id: Generated<number>;
  condo_id: number;
  /** 'ingreso' or 'egreso'. */
  kind: string;
  category: string;
  description: string;
  occurred_on: string;
  amount_cents: number;
  account_id: number;
  fund_id: number | null;
}

export interface LedgerBudgetTable {
  id: Generated<number>;
  condo_id: number;
  year: number;
  kind: string;
  category: string;
  amount_cents: number;
}

/** A file made for one person (a bulk statement PDF), behind a short-lived link. */
export interface GeneratedFileTable {
  id: Generated<number>;
  file_id: number;
  condo_id: number;
  user_id: number;
  file_name: string;
  expires_at: string;
}

export interface RecurringChargeTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  apartment_id: number | null;
  descripcion: string;
  /** Monthly limit in integer cents of MXN. */
  monto_cents: number;
  frecuencia: string;
  metodo_pago: string;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  /** Migration 0030: the saved card it charges; null charges nothing. */
  saved_card_id: Generated<number | null>;
}

export interface ProviderContactRequestTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  /** 'agendar' or 'llamar'. */
  tab: string;
  nombre: string;
  telefono: string;
  /** 'whatsapp' or 'llamada'; null for a meeting. */
  prefiere_contacto: string | null;
  fecha_contacto: string;
  horario_tentativo: string;
  created_at: string;
}

/** A plan paid through the product's own provider (migration 0032, domain/pricing). period: 'mensual' | 'anual';
 * state: the checkouts' lifecycle (src/api/checkout.ts); provider_ref 'plan_…'. */
export interface PlanCheckoutTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  client_id: string;
  plan_code: string;
  period: string;
  total_cents: number;
  provider: string;
  provider_ref: string;
  redirect_url: string;
  state: string;
  failure: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** What a paid plan checkout bought (migration 0032): one per checkout. paid_until YYYY-MM-DD. */
export interface SubscriptionTable {
  id: Generated<number>;
  condo_id: number;
  plan_code: string;
  period: string;
  paid_until: string;
  plan_checkout_id: number;
  created_at: string;
}

export interface Database {
  condominiums: CondominiumTable;
  towers: TowerTable;
  apartments: ApartmentTable;
  users: UserTable;
  memberships: MembershipTable;
  residencies: ResidencyTable;
  sessions: SessionTable;
  user_permissions: UserPermissionTable;
  role_functions: RoleFunctionTable;
  sections: SectionTable;
  section_users: SectionUserTable;
  password_resets: PasswordResetTable;
  mail_outbox: MailOutboxTable;
  mail_outbox_attachments: MailOutboxAttachmentTable;
  files: FileTable;
  app_secrets: AppSecretTable;
  activity: ActivityTable;
  public_contact_requests: PublicContactRequestTable;
  invitations: InvitationTable;
  captcha_spent: CaptchaSpentTable;
  plans: PlanTable;
  plan_checkouts: PlanCheckoutTable;
  subscriptions: SubscriptionTable;
  access_points: AccessPointTable;
  guest_settings: GuestSettingsTable;
  events: EventTable;
  guest_links: GuestLinkTable;
  passes: PassTable;
  gate_devices: GateDeviceTable;
  gate_pins: GatePinTable;
  gate_movements: GateMovementTable;
  parcels: ParcelTable;
  round_checkpoints: RoundCheckpointTable;
  round_plans: RoundPlanTable;
  round_plan_stops: RoundPlanStopTable;
  rounds: RoundTable;
  round_scans: RoundScanTable;
  round_stops: RoundStopTable;
  round_notes: RoundNoteTable;
  incidents: IncidentTable;
  // Assemblies (issue 32, migration 0041).
  assembly_settings: AssemblySettingsTable;
  assemblies: AssemblyTable;
  assembly_items: AssemblyItemTable;
  assembly_calls: AssemblyCallTable;
  assembly_confirmations: AssemblyConfirmationTable;
  assembly_attendance: AssemblyAttendanceTable;
  // Proxies, item votes and the book of minutes (issue 32, migration 0043).
  assembly_proxies: AssemblyProxyTable;
  assembly_item_seats: AssemblyItemSeatTable;
  assembly_item_votes: AssemblyItemVoteTable;
  assembly_minutes: AssemblyMinutesTable;
  assembly_minute_addenda: AssemblyMinuteAddendumTable;
  incident_photos: IncidentPhotoTable;
  shift_handovers: ShiftHandoverTable;
  document_folders: DocumentFolderTable;
  documents: DocumentTable;
  document_versions: DocumentVersionTable;
  gate_walkins: GateWalkInTable;
  ledger_accounts: LedgerAccountTable;
  ledger_funds: LedgerFundTable;
  dwelling_charges: DwellingChargeTable;
  dwelling_payments: DwellingPaymentTable;
  payment_receipts: PaymentReceiptTable;
  payment_settings: PaymentSettingsTable;
  checkouts: CheckoutTable;
  checkout_events: CheckoutEventTable;
  payment_proofs: PaymentProofTable;
  ledger_movements: LedgerMovementTable;
  ledger_budgets: LedgerBudgetTable;
  generated_files: GeneratedFileTable;
  recurring_charges: RecurringChargeTable;
  saved_cards: SavedCardTable;
  provider_customers: ProviderCustomerTable;
  recurring_charge_runs: RecurringChargeRunTable;
  provider_contact_requests: ProviderContactRequestTable;
  posts: PostTable;
  post_attachments: PostAttachmentTable;
  post_comments: PostCommentTable;
  notice_reads: NoticeReadTable;
  notice_read_dwellings: NoticeReadDwellingTable;
  notice_resends: NoticeResendTable;
  notifications: NotificationTable;
  live_events: LiveEventTable;
  push_subscriptions: PushSubscriptionTable;
  push_preferences: PushPreferenceTable;
  push_outbox: PushOutboxTable;
  ticket_categories: TicketCategoryTable;
  ticket_due_hours: TicketDueHoursTable;
  tickets: TicketTable;
  ticket_events: TicketEventTable;
  ticket_attachments: TicketAttachmentTable;
  ticket_ratings: TicketRatingTable;
  scheduled_jobs: ScheduledJobTable;
  audit_log: AuditLogTable;
  conversations: ConversationTable;
  messages: MessageTable;
  message_photos: MessagePhotoTable;
  conversation_blocks: ConversationBlockTable;
  message_reports: MessageReportTable;
  polls: PollTable;
  poll_questions: PollQuestionTable;
  poll_options: PollOptionTable;
  poll_attachments: PollAttachmentTable;
  poll_electorate: PollElectorateTable;
  poll_ballots: PollBallotTable;
  poll_choices: PollChoiceTable;
  poll_ballot_history: PollBallotHistoryTable;
  facilities: FacilityTable;
  facility_files: FacilityFileTable;
  facility_closures: FacilityClosureTable;
  reservations: ReservationTable;
  calendar_events: CalendarEventTable;
  calendar_feeds: CalendarFeedTable;
  invoicing_issuers: InvoicingIssuerTable;
  invoicing_products: InvoicingProductTable;
  invoicing_clients: InvoicingClientTable;
  invoicing_client_dwellings: InvoicingClientDwellingTable;
  cfdis: CfdiTable;
  cfdi_links: CfdiLinkTable;
  stamp_movements: StampMovementTable;
  stamp_requests: StampRequestTable;
  late_fee_rules: LateFeeRuleTable;
  late_fee_exemptions: LateFeeExemptionTable;
  late_fees: LateFeeTable;
  reminder_settings: ReminderSettingsTable;
  payment_reminders: PaymentReminderTable;
  reminded_charges: RemindedChargeTable;
  reconciliation_imports: ReconciliationImportTable;
  bank_movements: BankMovementTable;
  reconciliation_matches: ReconciliationMatchTable;
  reconciliation_mappings: ReconciliationMappingTable;
  reconciliation_expense_rules: ReconciliationExpenseRuleTable;
  reconciliation_expenses: ReconciliationExpenseTable;
  // The support chat (migration 0037).
  support_agents: SupportAgentTable;
  support_sessions: SupportSessionTable;
  support_conversations: SupportConversationTable;
  support_messages: SupportMessageTable;
  support_attachments: SupportAttachmentTable;
  support_contacts: SupportContactTable;
  support_canned: SupportCannedTable;
  support_settings: SupportSettingsTable;
}

export type Condominium = Selectable<CondominiumTable>;
export type NewCondominium = Insertable<CondominiumTable>;
export type Membership = Selectable<MembershipTable>;
export type Section = Selectable<SectionTable>;

/** A post of a section (migration 0008). status: 'A' published, 'P' waiting for approval, 'R' rejected. */
export interface PostTable {
  id: Generated<number>;
  condo_id: number;
  section_id: number;
  author_user_id: number;
  title: string;
  body: string;
  /** The tower the post is for when its section shows posts per tower; null = everyone. */
  tower_id: number | null;
  is_private: Flag;
  status: string;
  reviewed_by_user_id: number | null;
  reviewed_at: string | null;
  review_note: string | null;
  created_at: string;
  /** 1: an important notice, which asks each reader for "Enterado" (migration 0035). */
  is_important: Generated<Flag>;
}

/** A member's first opening of a notice, and their "Enterado" (migration 0035); once per post and person. */
export interface NoticeReadTable {
  id: Generated<number>;
  condo_id: number;
  post_id: number;
  user_id: number;
  read_at: string;
  acknowledged_at: string | null;
}

/** The dwellings a reader belonged to when they read the notice (migration 0035). */
export interface NoticeReadDwellingTable {
  id: Generated<number>;
  read_id: number;
  post_id: number;
  apartment_id: number;
}

/** One "resend to those who have not read it" (migration 0035): who, when, how many told and mailed. */
export interface NoticeResendTable {
  id: Generated<number>;
  condo_id: number;
  post_id: number;
  sent_by: number | null;
  sent_at: string;
  notified: number;
  mailed: number;
}

export interface PostAttachmentTable {
  id: Generated<number>;
  post_id: number;
  file_id: number;
  file_name: string;
  /** 'image' or 'file'. */
  kind: string;
  position: number;
}

export interface PostCommentTable {
  id: Generated<number>;
  post_id: number;
  author_user_id: number;
  body: string;
  created_at: string;
}

/** One person told of one event (spec §3.3). props is JSON text. */
export interface NotificationTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  titulo: string;
  texto_app: string;
  foto: string | null;
  modulo: string;
  props: string;
  abierto: Flag;
  created_at: string;
  /** Migration 0031: the catalogue ids of the title and text, worded when read in the reader's language; null
   * (rows written before) reads titulo / texto_app as stored. */
  title_id: string | null;
  text_id: string | null;
  /** Migration 0031: JSON { title, text }, each the values of its message (strings, numbers, nested messages). */
  word_values: string | null;
}

/** One event of the live channel for one reader (migration 0033, server/domain/shared/live.ts): its kind
 * (src/api/live.ts LiveEventType) and payload JSON (ids only), written in the change's transaction. */
export interface LiveEventTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  type: string;
  payload: string;
  created_at: string;
}

/** One browser's Web Push subscription (migration 0036): its push service's endpoint and the keys its pushes are
 * encrypted for, turned on by the person in the condominium whose notifications it receives. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  condo_id: number;
  /** The push service's URL for this browser (unique): a capability, never shown or logged whole. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
  /** When the push service last accepted a push for it. */
  last_success_at: string | null;
  /** The session it was turned on in (migration 0044): ending that session by hand removes it; null from before. */
  session_id: number | null;
}

/** A kind of notification (NotificationModule) a person turned off, or on again (migration 0036); no row: on. */
export interface PushPreferenceTable {
  id: Generated<number>;
  user_id: number;
  modulo: string;
  enabled: Flag;
  updated_at: string;
}

/** One notification to push to one subscription (migration 0036), with the mail outbox's lease and backoff. */
export interface PushOutboxTable {
  id: Generated<number>;
  notification_id: number;
  subscription_id: number;
  created_at: string;
  attempts: Generated<number>;
  /** When it may be tried next; null: given up (the push service refused it for good, or it grew too old). */
  next_attempt_at: string | null;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
}

/** A classification of requests to the administrator (migration 0011); retired ones keep active 0. */
export interface TicketCategoryTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  active: Flag;
  position: number;
}

/** Hours from filing to the due date, by priority; a condominium without a row uses DEFAULT_DUE_HOURS. */
export interface TicketDueHoursTable {
  id: Generated<number>;
  condo_id: number;
  baja: number;
  media: number;
  alta: number;
  urgente: number;
}

/** A request to the administrator in an SA section. state, priority: src/api/ticketLifecycle.ts. */
export interface TicketTable {
  id: Generated<number>;
  condo_id: number;
  section_id: number;
  category_id: number;
  requester_user_id: number;
  /** The dwelling it is about; null: a common area (common_area). */
  apartment_id: number | null;
  common_area: string | null;
  title: string;
  description: string;
  priority: string;
  state: string;
  assignee_user_id: number | null;
  due_at: string | null;
  /** The last move to resuelto; null while not resolved (a reopened request loses it). */
  resolved_at: string | null;
  /** When it reached cerrado or cancelado. */
  closed_at: string | null;
  /** The first public reply of an administrator or the assignee. */
  first_reply_at: string | null;
  /** When the administrators were told it is overdue (once). */
  overdue_notified_at: string | null;
  /** Optimistic concurrency: every change writes WHERE version = the one the caller saw, and adds one. */
  version: Generated<number>;
  /** Title and description folded for searching (src/api/search.ts foldForSearch). */
  search: string;
  created_at: string;
  updated_at: string;
}

/** One line of a request's timeline. kind: TICKET_EVENT_KINDS; user_id null: the system. */
export interface TicketEventTable {
  id: Generated<number>;
  ticket_id: number;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  text: string | null;
  /** 1: an internal note, never shown to the requester. */
  internal: Flag;
  user_id: number | null;
  created_at: string;
}

export interface TicketAttachmentTable {
  id: Generated<number>;
  ticket_id: number;
  /** The reply it came with; null: the request's own. */
  event_id: number | null;
  file_id: number;
  file_name: string;
  /** 'image' or 'file'. */
  kind: string;
  position: number;
}

export interface TicketRatingTable {
  id: Generated<number>;
  ticket_id: number;
  stars: number;
  comment: string | null;
  created_at: string;
}

/** Work due at a time (server/infra/scheduledJobs.ts); (kind, key) is unique. */
export interface ScheduledJobTable {
  id: Generated<number>;
  kind: string;
  key: string;
  due_at: string;
  /** The lease of the process running it now. */
  claimed_by: string | null;
  claimed_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Handled, or given up on after the last attempt (then last_error says why). */
  done_at: string | null;
  created_at: string;
}

/** Who changed what, before and after (DESIGN.md §8 "History"). actor_user_id null: the system. */
export interface AuditLogTable {
  id: Generated<number>;
  condo_id: number;
  actor_user_id: number | null;
  /** e.g. 'ticket', 'ticket_category', 'ticket_due_hours'. */
  entity: string;
  entity_id: number;
  action: string;
  /** JSON text; null when there was nothing before (a creation) or after. */
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** A conversation of an IC section between two parties (migration 0012), in canonical order: party A the lower
 * dwelling id, party B the other dwelling or null for the administration. */
export interface ConversationTable {
  id: Generated<number>;
  condo_id: number;
  section_id: number;
  party_a_apartment_id: number;
  party_b_apartment_id: number | null;
  created_at: string;
}

export interface MessageTable {
  id: Generated<number>;
  conversation_id: number;
  sender_user_id: number;
  /** The side that wrote it; null: the administration. */
  sender_apartment_id: number | null;
  body: string;
  created_at: string;
  /** When the other side first opened it; null: not yet. */
  read_at: string | null;
  /** Written while the recipient dwelling blocked the sender's: only the sender's side sees it. */
  hidden_for_recipient: Flag;
}

export interface MessagePhotoTable {
  id: Generated<number>;
  message_id: number;
  file_id: number;
  file_name: string;
  position: number;
}

/** A dwelling no longer receives another dwelling's messages. */
export interface ConversationBlockTable {
  id: Generated<number>;
  blocker_apartment_id: number;
  blocked_apartment_id: number;
  blocked_by_user_id: number | null;
  created_at: string;
}

/** A message reported to the administration. state: 'nuevo' or 'revisado'. */
export interface MessageReportTable {
  id: Generated<number>;
  message_id: number;
  reporter_user_id: number;
  reason: string;
  state: string;
  created_at: string;
}

/** A survey or vote of an EN section (migration 0013). kind, counting: src/api/polls.ts; state: pollLifecycle.ts. */
export interface PollTable {
  id: Generated<number>;
  condo_id: number;
  section_id: number;
  title: string;
  description: string;
  /** encuesta | votacion. */
  kind: string;
  /** persona | vivienda | indiviso. */
  counting: string;
  secret: Flag;
  changeable: Flag;
  /** Percent of participation needed; null: none. */
  quorum: number | null;
  /** ISO-8601 UTC. */
  opens_at: string;
  closes_at: string;
  state: string;
  /** Why it was cancelled or rejected. */
  reason: string | null;
  /** A resident's proposal: who proposed it. */
  proposer_id: number | null;
  created_by: number | null;
  /** Optimistic concurrency, as tickets. */
  version: Generated<number>;
  /** When the electorate was fixed; null until the poll first opened. */
  fixed_at: string | null;
  closed_at: string | null;
  /** The closing told those who may see the results. */
  results_notified: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface PollQuestionTable {
  id: Generated<number>;
  poll_id: number;
  position: number;
  text: string;
  /** unica | multiple | sino | abierta. */
  kind: string;
  maximo: number | null;
}

export interface PollOptionTable {
  id: Generated<number>;
  question_id: number;
  position: number;
  text: string;
  /** sino: si | no | abstencion; null otherwise. */
  clave: string | null;
}

export interface PollAttachmentTable {
  id: Generated<number>;
  poll_id: number;
  file_id: number;
  file_name: string;
  /** 'image' or 'file'. */
  kind: string;
  position: number;
}

/** One seat of the electorate fixed at opening: a dwelling ('A:<id>') or a person ('U:<id>'). */
export interface PollElectorateTable {
  id: Generated<number>;
  poll_id: number;
  seat_key: string;
  apartment_id: number | null;
  user_id: number | null;
  name: string;
  /** indiviso units, or 1. */
  weight: number;
  /** In arrears longer than the section's TiempoMoroso at opening: may not vote. */
  barred: Flag;
  /** What the dwelling owed at opening and the age in days of its oldest unpaid charge; null when nothing. */
  debt_cents: number | null;
  debt_days: number | null;
}

/** One seat's ballot; UNIQUE(poll_id, seat_key). */
export interface PollBallotTable {
  id: Generated<number>;
  poll_id: number;
  seat_key: string;
  apartment_id: number | null;
  /** Who cast (or last changed) it: never shown on a secret ballot beside what it chose. */
  cast_by: number | null;
  /** Crockford base32 "XXXX-XXXX-XXXX", unique. */
  receipt: string;
  cast_at: string;
  changed_at: string | null;
  version: Generated<number>;
}

export interface PollChoiceTable {
  id: Generated<number>;
  ballot_id: number;
  question_id: number;
  option_id: number | null;
  text: string | null;
}

/** Who cast or changed a ballot and when (voto | cambio), never what it chose. */
export interface PollBallotHistoryTable {
  id: Generated<number>;
  ballot_id: number;
  user_id: number | null;
  kind: string;
  at: string;
}

/** A bookable common area (migration 0014). unit, limit_period: src/api/reservations.ts. */
export interface FacilityTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  description: string;
  capacity: number;
  /** One reservation at a time; else places shared up to capacity. */
  exclusive: Flag;
  rules_text: string;
  /** JSON: 7 entries Monday first, {abre, cierra} ('HH:mm', an end may be '24:00') or null. */
  hours_json: string;
  /** bloques | libre. */
  unit: string;
  slot_minutes: number;
  min_minutes: number;
  max_minutes: number;
  days_ahead: number;
  cancel_hours: number;
  /** Reservations per dwelling per limit_period (semana | mes); null: no limit. */
  limit_count: number | null;
  limit_period: string | null;
  needs_approval: Flag;
  fee_cents: number;
  deposit_cents: number;
  admits_arrears: Flag;
  active: Generated<Flag>;
  position: Generated<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A facility's photo (kind 'image') or rules PDF (kind 'rules'). */
export interface FacilityFileTable {
  id: Generated<number>;
  facility_id: number;
  file_id: number;
  file_name: string;
  kind: string;
  position: number;
}

/** A closure, local moments 'YYYY-MM-DDTHH:mm' in the condominium's zone. */
export interface FacilityClosureTable {
  id: Generated<number>;
  facility_id: number;
  starts_local: string;
  ends_local: string;
  reason: string;
}

/** A reservation of one dwelling (migration 0014). state, deposit_state: src/api/reservationLifecycle.ts. */
export interface ReservationTable {
  id: Generated<number>;
  condo_id: number;
  facility_id: number;
  apartment_id: number;
  /** Who booked it. */
  user_id: number | null;
  /** 'YYYY-MM-DD' local. */
  local_date: string;
  /** 'YYYY-MM-DDTHH:mm' local (an end at midnight is the next day's T00:00). */
  starts_local: string;
  ends_local: string;
  /** ISO-8601 UTC. */
  starts_at: string;
  ends_at: string;
  people: number;
  note: string;
  state: string;
  /** Rejection or cancellation by the administration; why a deposit was kept. */
  reason: string | null;
  /** What the facility asked when it was booked. */
  fee_cents: number;
  deposit_cents: number;
  deposit_state: string;
  decided_by: number | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An event an administrator published in an EV section (migration 0014). kind: evento | asamblea. */
export interface CalendarEventTable {
  id: Generated<number>;
  condo_id: number;
  section_id: number;
  kind: string;
  title: string;
  description: string;
  place: string;
  /** ISO-8601 UTC. */
  starts_at: string;
  ends_at: string;
  /** The visitors issue's event (with an event-type guest link) when it takes guest registrations. */
  guest_event_id: number | null;
  cancelled: Generated<Flag>;
  reason: string | null;
  created_by: number | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A person's secret ICS feed (SHA-256 of the token only). */
export interface CalendarFeedTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

// ── E-invoicing (migration 0016, issue 17)

export interface InvoicingIssuerTable {
  id: Generated<number>;
  condo_id: number;
  rfc: string;
  razon_social: string;
  regimen_fiscal: string;
  lugar_expedicion: string;
  serie: Generated<string>;
  next_folio: Generated<number>;
  /** 'A' automatic or 'M' manual (spec §3.3 modoInvoice). */
  mode: Generated<string>;
  csd_cer: Buffer | null;
  csd_key: Buffer | null;
  csd_password_sealed: string | null;
  csd_no_certificado: string | null;
  /** ISO-8601 UTC. */
  csd_valid_from: string | null;
  csd_valid_to: string | null;
  /** Never below zero (CHECK); the stamp_movements' sum. */
  stamps_available: Generated<number>;
  version: Generated<number>;
  created_at: string;
}

export interface InvoicingProductTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  clave_prod_serv: string;
  clave_unidad: string;
  unidad: Generated<string>;
  price_cents: number;
  objeto_imp: string;
  iva: string | null;
  kind: string | null;
  active: Generated<Flag>;
  version: Generated<number>;
}

export interface InvoicingClientTable {
  id: Generated<number>;
  condo_id: number;
  rfc: string;
  nombre: string;
  /** src/api/search.ts's fold of nombre, for the accent-insensitive search. */
  nombre_key: string;
  regimen_fiscal: string;
  domicilio_fiscal: string;
  uso_cfdi: string;
  email: string | null;
  version: Generated<number>;
  created_at: string;
}

export interface InvoicingClientDwellingTable {
  client_id: number;
  apartment_id: number;
}

export interface CfdiTable {
  id: Generated<number>;
  condo_id: number;
  issuer_id: number;
  client_id: number;
  apartment_id: number | null;
  /** 'I', 'E' or 'P'. */
  type: string;
  /** 'vigente' or 'cancelado'. */
  status: Generated<string>;
  uuid: string;
  serie: Generated<string>;
  folio: Generated<string>;
  /** The CFDI's Fecha, local YYYY-MM-DDTHH:mm:ss. */
  fecha: string;
  fecha_timbrado: string;
  metodo_pago: string | null;
  forma_pago: string | null;
  subtotal_cents: number;
  total_cents: number;
  balance_cents: number | null;
  is_global: Generated<Flag>;
  xml: string;
  draft_key: string | null;
  payment_id: number | null;
  cancel_reason: string | null;
  replacement_uuid: string | null;
  cancelled_at: string | null;
  created_by: number | null;
  version: Generated<number>;
  created_at: string;
}

export interface CfdiLinkTable {
  id: Generated<number>;
  cfdi_id: number;
  related_cfdi_id: number | null;
  charge_id: number | null;
  parcialidad: number | null;
  amount_cents: number | null;
}

export interface StampMovementTable {
  id: Generated<number>;
  condo_id: number;
  issuer_id: number;
  delta: number;
  /** 'credit' or 'stamp'. */
  kind: string;
  cfdi_id: number | null;
  created_by: number | null;
  created_at: string;
}

export interface StampRequestTable {
  id: Generated<number>;
  condo_id: number;
  issuer_id: number;
  quantity: number;
  note: Generated<string>;
  requested_by: number | null;
  created_at: string;
  /** When the provider credited the package (migration 0017); null while pending. */
  credited_at: string | null;
  credit_movement_id: number | null;
}

/** A gate device of a condominium (migration 0019): registered by an administrator, paired with a one-time code. */
export interface GateDeviceTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  access_point: string;
  /** SHA-256 hex of the pending one-time pairing code; null once paired or when none is pending. */
  pairing_code_hash: string | null;
  pairing_expires_at: string | null;
  /** SHA-256 hex of the device's own token; null until paired. */
  token_hash: string | null;
  paired_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_by_user_id: number | null;
  created_at: string;
}

/** A guard's shift PIN (hashed like a password) for the condominium's paired devices. */
export interface GatePinTable {
  id: Generated<number>;
  membership_id: number;
  pin_hash: string;
  updated_at: string;
}

/** One row of the movement log: an entry, an exit or a refusal. Never edited by a person. */
export interface GateMovementTable {
  id: Generated<number>;
  condo_id: number;
  /** The id the recording device made (a UUID): a retry or a replayed offline batch records once. */
  client_id: string;
  /** entry | exit | refusal (src/api/gate.ts GATE_MOVEMENT_KINDS). */
  kind: string;
  pass_id: number | null;
  apartment_id: number | null;
  visitor_name: string;
  /** The pass's Tipo when it came on a pass; null for a walk-in. */
  pass_kind: string | null;
  people: number;
  plates: string | null;
  access_point: string | null;
  note: string | null;
  /** A refusal's reason (src/api/gate.ts). */
  reason: string | null;
  /** An exit's entry. */
  entry_id: number | null;
  device_id: number | null;
  /** The guard on duty who recorded it. */
  guard_user_id: number | null;
  /** ISO-8601 UTC: when it happened (the device's clock for what was recorded offline). */
  occurred_at: string;
  /** The same moment in the condominium's zone, 'YYYY-MM-DD HH:mm'. */
  occurred_local: string;
  received_at: string;
  /** What the server found when an offline movement arrived (src/api/gate.ts GATE_CONFLICTS); null none. */
  conflict: string | null;
  /** The entry's photo of plates or ID (a `files` row, migration 0021) and when the gate's job deletes it. */
  photo_file_id: Generated<number | null>;
  photo_expires_at: Generated<string | null>;
}

/** A walk-in the caseta asked a dwelling's residents about (migration 0020). */
export interface GateWalkInTable {
  id: Generated<number>;
  condo_id: number;
  /** The id the caseta made (a UUID): a retried ask asks once. */
  client_id: string;
  apartment_id: number;
  visitor_name: string;
  /** delivery | technician | guest | other (src/api/gateWalkIns.ts WALK_IN_REASONS). */
  reason: string;
  note: string | null;
  people: number;
  plates: string | null;
  asked_by_user_id: number | null;
  device_id: number | null;
  asked_at: string;
  /** After it, a walk-in still asking reads as noAnswer. */
  expires_at: string;
  /** asking | approved | refused | noAnswer | decided (stored: asking, approved, refused, decided). */
  status: string;
  answered_by_user_id: number | null;
  answered_at: string | null;
  /** approve | refuse: the resident's answer; null while none. */
  answer: string | null;
  /** entry | refusal; null until the guard decides. */
  decision: string | null;
  movement_id: number | null;
}

/** A parcel waiting at the gate or collected (migration 0019). */
/** A checkpoint of the rounds (migration 0039): its QR code's text and, where stuck, an NFC tag's id. */
export interface RoundCheckpointTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  place: string;
  instructions: string;
  code: string;
  nfc_tag: string | null;
  active: Generated<Flag>;
  created_at: string;
}

export interface RoundPlanTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  ordered: Flag;
  every_hours: number;
  /** 'HH:mm' in the condominium's zone; to_time ≤ from_time crosses midnight. */
  from_time: string;
  to_time: string;
  active: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface RoundPlanStopTable {
  id: Generated<number>;
  plan_id: number;
  checkpoint_id: number;
  position: number;
  tolerance_minutes: number;
}

export interface RoundTable {
  id: Generated<number>;
  condo_id: number;
  plan_id: number;
  slot_at: string;
  closes_at: string;
  /** scheduled | walking | done | late | missed (src/api/rounds.ts ROUND_STATUSES). */
  status: string;
  started_at: string | null;
  finished_at: string | null;
  walked_by_user_id: number | null;
  device_id: number | null;
  missed_notified_at: string | null;
}

export interface RoundScanTable {
  id: Generated<number>;
  condo_id: number;
  client_id: string;
  round_id: number;
  checkpoint_id: number;
  scanned_at: string;
  received_at: string;
  offline: Flag;
  out_of_order: Flag;
  note: string | null;
  photo_file_id: number | null;
  by_user_id: number | null;
  device_id: number | null;
}

export interface RoundStopTable {
  id: Generated<number>;
  round_id: number;
  checkpoint_id: number;
  position: number;
  due_at: string;
  /** pending | done | late | missed (src/api/rounds.ts STOP_STATUSES). */
  status: string;
  scan_id: number | null;
  scanned_at: string | null;
  out_of_order: Generated<Flag>;
  late_notified_at: string | null;
}

export interface RoundNoteTable {
  id: Generated<number>;
  condo_id: number;
  round_id: number;
  checkpoint_id: number | null;
  text: string;
  photo_file_id: number | null;
  by_user_id: number | null;
  created_at: string;
}

export interface ParcelTable {
  id: Generated<number>;
  condo_id: number;
  client_id: string;
  apartment_id: number;
  carrier: string;
  tracking: string | null;
  /** sobre | chico | mediano | grande. */
  size: string;
  note: string | null;
  photo_file_id: number | null;
  pickup_code_hash: string;
  /** waiting | collected. */
  status: string;
  arrived_at: string;
  logged_by_user_id: number | null;
  device_id: number | null;
  collected_at: string | null;
  collected_by_name: string | null;
  /** code | signature. */
  collected_method: string | null;
  signature_file_id: number | null;
  handed_by_user_id: number | null;
  reminded_at: string | null;
  reminders: Generated<number>;
}

/** A condominium's late-fee rule (recargos, migration 0023). kind 'fijo' | 'porcentaje'; percent_bp in basis points. */
/** A condominium's payment reminders (issue 27, migration 0027): the days before and after a due date (null: none). */
export interface ReminderSettingsTable {
  id: Generated<number>;
  condo_id: number;
  enabled: number;
  days_before: number | null;
  on_due: number;
  days_after: number | null;
  updated_at: string;
  updated_by: number | null;
}

/** A reminder sent to a dwelling's residents (kind 'antes' | 'vence' | 'vencido', sent_on the condominium's day). */
export interface PaymentReminderTable {
  id: Generated<number>;
  condo_id: number;
  apartment_id: number;
  kind: string;
  sent_on: string;
  owed_cents: number;
  due_on: string;
  charges: number;
  recipients: number;
  created_at: string;
}

/** A charge a reminder named: unique (charge_id, kind), so each kind reaches a charge once. */
export interface RemindedChargeTable {
  id: Generated<number>;
  condo_id: number;
  charge_id: number;
  kind: string;
  reminder_id: number;
}

export interface LateFeeRuleTable {
  id: Generated<number>;
  condo_id: number;
  kind: string;
  amount_cents: number;
  percent_bp: number;
  grace_days: number;
  cap_cents: number | null;
  active: Flag;
  updated_at: string;
  updated_by: number | null;
}

/** A dwelling the late-fee rule leaves alone (migration 0023). */
export interface LateFeeExemptionTable {
  id: Generated<number>;
  condo_id: number;
  apartment_id: number;
  reason: string;
  created_at: string;
  created_by: number | null;
}

/** A late fee applied to a dwelling for a period 'YYYY-MM' (migration 0023); unique per (condo, dwelling, period). */
export interface LateFeeTable {
  id: Generated<number>;
  condo_id: number;
  apartment_id: number;
  period: string;
  base_cents: number;
  amount_cents: number;
  charge_id: number | null;
  created_at: string;
  waived_at: string | null;
  waived_by: number | null;
  waive_reason: string | null;
  waive_charge_id: number | null;
}

/** A bank statement imported (migration 0026, issue 27). bank: src/api/reconciliation.ts STATEMENT_BANKS. */
export interface ReconciliationImportTable {
  id: Generated<number>;
  condo_id: number;
  account_id: number;
  file_name: string;
  file_hash: string;
  bank: string;
  period_from: string | null;
  period_to: string | null;
  rows: number;
  added: number;
  repeated: number;
  matched: number;
  pending: number;
  created_by: number | null;
  created_at: string;
}

/** A bank movement, once per condominium and fingerprint (migration 0026). state: MOVEMENT_STATES. */
export interface BankMovementTable {
  id: Generated<number>;
  condo_id: number;
  import_id: number;
  account_id: number;
  fingerprint: string;
  occurred_on: string;
  description: string;
  reference: string;
  amount_cents: number;
  balance_cents: number | null;
  state: string;
  created_at: string;
}

/** A deposit's part matched to a dwelling (migration 0026). state: MATCH_STATES; posted: 1 when it wrote the payment. */
export interface ReconciliationMatchTable {
  id: Generated<number>;
  condo_id: number;
  movement_id: number;
  apartment_id: number;
  amount_cents: number;
  confidence: number;
  state: string;
  payment_id: number | null;
  posted: Generated<Flag>;
  decided_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A column mapping saved per condominium (migration 0026); config: ColumnMappingDraft as JSON. */
export interface ReconciliationMappingTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  config: string;
  updated_at: string;
}

/** A category rule (migration 0029): a withdrawal whose description contains `contains` is this expense. */
export interface ReconciliationExpenseRuleTable {
  id: Generated<number>;
  condo_id: number;
  /** Folded (upper case, no accents) as compared. */
  contains: string;
  category: string;
  fund_id: number | null;
  updated_at: string;
}

/** The expense a withdrawal is recorded as (migration 0029); posted 1 when the reconciliation wrote it. */
export interface ReconciliationExpenseTable {
  id: Generated<number>;
  condo_id: number;
  movement_id: number;
  expense_id: number;
  posted: number;
  created_by: number | null;
  created_at: string;
}

// ── The support chat (migration 0037, issue 30)

/** An agent of the product's own support desk: an account of its own, not a user of any condominium. */
export interface SupportAgentTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  language: string;
  active: Flag;
  created_at: string;
}

/** A desk session: only the token's SHA-256 is kept, as sessions do. */
export interface SupportSessionTable {
  id: Generated<number>;
  token_hash: string;
  agent_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** One per condominium. state: src/api/support.ts SUPPORT_STATES. */
export interface SupportConversationTable {
  id: Generated<number>;
  condo_id: number;
  state: string;
  assignee_id: number | null;
  version: Generated<number>;
  created_at: string;
  last_message_at: string;
}

/** side 'admin' (user_id) or 'soporte' (agent_id); read_at: when the other side read it. */
export interface SupportMessageTable {
  id: Generated<number>;
  conversation_id: number;
  side: string;
  user_id: number | null;
  agent_id: number | null;
  author_name: string;
  text: string;
  created_at: string;
  read_at: string | null;
}

export interface SupportAttachmentTable {
  id: Generated<number>;
  message_id: number;
  file_id: number;
  file_name: string;
  /** 'image' or 'file'. */
  kind: string;
  position: number;
}

/** An administrator who started the chat in a condominium (spec §3.1 boot data), and their presence. */
export interface SupportContactTable {
  id: Generated<number>;
  condo_id: number;
  user_id: number;
  apartment_id: number | null;
  verified: Flag;
  booted_at: string;
  seen_at: string | null;
  mailed_at: string | null;
}

export interface SupportCannedTable {
  id: Generated<number>;
  title: string;
  text: string;
  created_by: number | null;
  updated_at: string;
}

/** One row: the desk's time zone, its hours (JSON: seven OfficeDay, Monday first) and its away message. */
export interface SupportSettingsTable {
  id: Generated<number>;
  time_zone: string;
  hours: string;
  away_message: string;
  updated_at: string;
}

/** An incident (issue 31, migration 0040): raised at a checkpoint, the gate or the panel; src/api/incidentsLifecycle.ts. */
export interface IncidentTable {
  id: Generated<number>;
  condo_id: number;
  /** security | maintenance | noise | damage | other. */
  category: string;
  /** low | medium | high. */
  severity: string;
  /** open | attended | closed. */
  state: string;
  /** checkpoint | gate | panel. */
  source: string;
  description: string;
  place: string;
  /** The rounds' checkpoint it was found at. */
  checkpoint_id: number | null;
  reported_by: number | null;
  /** The request (ticket) a maintenance incident was turned into. */
  ticket_id: number | null;
  /** When the one call turning it into a request claimed it (cleared if writing the request failed). */
  request_claimed_at: string | null;
  /** The last note an action left. */
  note: string | null;
  attended_by: number | null;
  attended_at: string | null;
  closed_by: number | null;
  closed_at: string | null;
  /** Optimistic concurrency: every change writes WHERE version = the one the caller saw, and adds one. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface IncidentPhotoTable {
  id: Generated<number>;
  incident_id: number;
  file_id: number;
  position: number;
}

/** A folder an administrator added to the document library (issue 32, migration 0042). */
export interface DocumentFolderTable {
  id: Generated<number>;
  condo_id: number;
  name: string;
  created_by: number | null;
  created_at: string;
}

/** A document of the library (issue 32): src/api/documents.ts. */
export interface DocumentTable {
  id: Generated<number>;
  condo_id: number;
  /** A fixed folder's code (reglamento, actas, contratos, seguros, planos), or 'custom' with folder_id. */
  folder_code: string;
  folder_id: number | null;
  name: string;
  /** everyone | owners | board | admins. */
  audience: string;
  archived: Generated<Flag>;
  /** What filed it ('assembly' and its id, next); null: uploaded by hand. Unique per condominium. */
  source_kind: string | null;
  source_id: number | null;
  /** The latest version's number. */
  current_version: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A version of a document: a stored file, never deleted. */
export interface DocumentVersionTable {
  id: Generated<number>;
  document_id: number;
  number: number;
  file_id: number;
  file_name: string;
  note: string | null;
  uploaded_by: number | null;
  uploaded_at: string;
}

/** A shift handover (issue 31): the outgoing guard's notes; who read them, once. */
export interface ShiftHandoverTable {
  id: Generated<number>;
  condo_id: number;
  written_by: number | null;
  notes: string;
  written_at: string;
  read_by: number | null;
  read_at: string | null;
}

/** The condominium's assembly settings (issue 32, migration 0041): one row per condominium, written when first saved. */
export interface AssemblySettingsTable {
  id: Generated<number>;
  condo_id: number;
  board_may_call: Generated<Flag>;
  /** src/api/assemblyQuorum.ts QUORUM_RULE_SETS. */
  rule_set: Generated<string>;
  legal_text: Generated<string>;
  updated_at: string;
  /** Accepted proxies one holder may carry (0043). */
  proxy_limit: Generated<number>;
  /** A dwelling whose oldest unpaid charge is older than this many days may not vote; 0: no bar (0043). */
  arrears_days: Generated<number>;
  tenants_vote: Generated<Flag>;
  /** Who reads the book of minutes: a documents audience (0043). */
  minutes_audience: Generated<string>;
}

/** An assembly (issue 32, migration 0041); src/api/assembliesLifecycle.ts. */
export interface AssemblyTable {
  id: Generated<number>;
  condo_id: number;
  /** ordinary | extraordinary. */
  kind: string;
  title: string;
  place: string;
  video_link: string;
  state: string;
  /** 0 before it convenes, then 1..3. */
  current_call: Generated<number>;
  /** The notice the call was posted as. */
  post_id: number | null;
  /** The calendar's 'asamblea' event. */
  calendar_event_id: number | null;
  created_by: number | null;
  called_at: string | null;
  opened_at: string | null;
  closed_at: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AssemblyItemTable {
  id: Generated<number>;
  assembly_id: number;
  position: number;
  title: string;
  description: string;
  /** informative | voted. */
  kind: string;
  /** simple | qualified | unanimity. */
  majority: string;
  qualified_percent: number | null;
  /** pending | open | closed (0043). */
  vote_state: Generated<string>;
  secret: Generated<Flag>;
  opened_at: string | null;
  closed_at: string | null;
  /** approved | rejected, once closed. */
  outcome: string | null;
}

export interface AssemblyCallTable {
  id: Generated<number>;
  assembly_id: number;
  /** 1..3. */
  number: number;
  /** ISO-8601 UTC. */
  starts_at: string;
  percent: number;
  strict: Flag;
}

export interface AssemblyConfirmationTable {
  id: Generated<number>;
  assembly_id: number;
  user_id: number;
  /** in_person | online | absent. */
  answer: string;
  answered_at: string;
}

export interface AssemblyAttendanceTable {
  id: Generated<number>;
  assembly_id: number;
  apartment_id: number;
  /** owner (counts for the quorum) | tenant. */
  kind: string;
  /** in_person | online. */
  mode: string;
  name: string | null;
  recorded_by: number | null;
  recorded_at: string;
}

/** A proxy (carta poder) for one dwelling at one assembly (0043). */
export interface AssemblyProxyTable {
  id: Generated<number>;
  assembly_id: number;
  apartment_id: number;
  grantor_id: number | null;
  /** A resident of the condominium; null for a named outsider. */
  holder_user_id: number | null;
  holder_name: string;
  /** The signed document, in files. */
  file_id: number | null;
  /** pending | accepted | rejected | withdrawn. */
  state: string;
  reason: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The electorate of one voted item, fixed when it opens (0043). */
export interface AssemblyItemSeatTable {
  id: Generated<number>;
  item_id: number;
  apartment_id: number;
  /** Indiviso, parts per million. */
  weight: number;
  barred: Generated<Flag>;
  /** Who may vote for the dwelling: its present owner or its accepted proxy's holder (null: an outsider). */
  holder_user_id: number | null;
  proxy_id: number | null;
}

/** One dwelling's vote on one item (0043). */
export interface AssemblyItemVoteTable {
  id: Generated<number>;
  item_id: number;
  apartment_id: number;
  /** yes | no | abstain. */
  choice: string;
  cast_by: number | null;
  /** Recorded by who runs the assembly (a show of hands). */
  recorded_by: number | null;
  cast_at: string;
}

/** The book of minutes: one entry per assembly, numbered per condominium, never updated (0043). */
export interface AssemblyMinutesTable {
  id: Generated<number>;
  condo_id: number;
  assembly_id: number;
  number: number;
  document_id: number | null;
  sha256: string;
  filed_by: number | null;
  filed_at: string;
}

export interface AssemblyMinuteAddendumTable {
  id: Generated<number>;
  minutes_id: number;
  position: number;
  text: string;
  file_id: number | null;
  sha256: string;
  created_by: number | null;
  created_at: string;
}
