// Residents, invitations and the access-request inbox (issue 16; configuracion tabs 'residentes' and
// 'solicitudes', spec §2.2, §3.3, §6). Administrators (canManagePeople) invite a person by e-mail to a dwelling
// as owner or tenant, or as staff / board; the e-mail carries a one-time link (/sessions/aceptar-invitacion)
// where the person sets a password (or, when they have an account already, confirms with it) and lands in the
// condominium. The public page's "Solicitar acceso" requests arrive in an inbox the administrator approves
// (which invites the person) or rejects with a message.
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
} from 'superstruct';
import { Email, Id, NonEmpty, QueryInteger } from './validation';

export const INVITATIONS_PATHS = {
  /** Administrators: GET ResidentsQuery → ResidentsAnswer, residents by tower and dwelling, paged. */
  residents: '/--configuracion/residentes',
  /** Administrators: GET → DwellingChoicesAnswer, the active dwellings and towers an invitation may name. */
  dwellings: '/--configuracion/residentes/viviendas',
  /** Administrators: POST MoveOutRequest, a resident leaves a dwelling (their sessions here end at once). */
  moveOut: '/--configuracion/residentes/mudanza',
  /** Administrators: GET → InvitationsAnswer, the invitations not yet accepted nor revoked. */
  invitations: '/--configuracion/invitaciones',
  /** Administrators: POST InviteRequest → 201 InvitationAnswer; 409 when the person is already a member. */
  invite: '/--configuracion/invitaciones/nueva',
  /** Administrators: POST InvitationIdRequest → InvitationAnswer: a new link (the old one stops working). */
  resend: '/--configuracion/invitaciones/reenviar',
  /** Administrators: POST InvitationIdRequest: the link stops working. */
  revoke: '/--configuracion/invitaciones/revocar',
  /** Administrators: GET → AccessRequestsAnswer, the public page's access requests, pending first. */
  accessRequests: '/--configuracion/solicitudes',
  /** Administrators: POST ApproveAccessRequest → AccessRequestAnswer (and an invitation e-mailed). 409 once
   * decided, with the request as it is. */
  approve: '/--configuracion/solicitudes/aprobar',
  /** Administrators: POST RejectAccessRequest → AccessRequestAnswer (the message e-mailed). 409 once decided. */
  reject: '/--configuracion/solicitudes/rechazar',
  /** Anyone holding a link: POST InvitationTokenRequest → InvitationInfoAnswer; 400 on "token" when the link
   * is unknown, expired, revoked or used (the message says which). POST keeps the token out of addresses. */
  info: '/--sesiones/invitacion',
  /** Anyone holding a link: POST AcceptInvitationRequest → AcceptInvitationAnswer (a condo session). */
  accept: '/--sesiones/aceptar-invitacion',
} as const;

/** The browser's page of the e-mailed link (under /sessions). */
export const ACCEPT_INVITATION_PAGE = '/aceptar-invitacion';

export const RESIDENTS_PAGE_SIZE = 25;
export const RESIDENTS_MAX_PAGE_SIZE = 100;
/** Days an invitation's link works. */
export const INVITATION_DAYS = 7;
export const INVITATION_NAME_MAX = 120;
export const REJECTION_MESSAGE_MAX = 1000;

export const RESIDENCY_KINDS = ['owner', 'tenant'] as const;
export type ResidencyKind = (typeof RESIDENCY_KINDS)[number];

/** The staff and board roles an invitation may give instead of a dwelling (the membership's flags). */
export const STAFF_ROLES = ['admin', 'board', 'employee', 'guard', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ACCESS_REQUEST_STATES = ['pendiente', 'aprobada', 'rechazada'] as const;
export type AccessRequestState = (typeof ACCESS_REQUEST_STATES)[number];

const Kind = enums(RESIDENCY_KINDS);

export const ResidentsQuery = object({
  /** Accent-insensitive search over the name, the e-mail and the dwelling. */
  q: optional(size(string(), 0, 100)),
  /** Only this tower's dwellings; 0: the dwellings outside any tower (houses). */
  torre: optional(QueryInteger(0, 2_147_483_647)),
  limit: optional(QueryInteger(1, RESIDENTS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type ResidentsQuery = Infer<typeof ResidentsQuery>;

export const Resident = object({
  residencyId: number(),
  userId: number(),
  name: string(),
  email: string(),
  ApmtId: number(),
  /** "Torre A - 101", or "Casa 12". */
  dwelling: string(),
  towerId: nullable(number()),
  kind: Kind,
  /** Staff or board roles the person also holds here. */
  roles: array(enums(STAFF_ROLES)),
});
export type Resident = Infer<typeof Resident>;

export const TowerChoice = object({ id: number(), name: string() });
export type TowerChoice = Infer<typeof TowerChoice>;

export const ResidentsAnswer = object({
  success: literal(true),
  items: array(Resident),
  total: number(),
  towers: array(TowerChoice),
});
export type ResidentsAnswer = Infer<typeof ResidentsAnswer>;

export const DwellingChoice = object({ ApmtId: number(), dwelling: string(), towerId: nullable(number()) });
export type DwellingChoice = Infer<typeof DwellingChoice>;

export const DwellingChoicesAnswer = object({ success: literal(true), items: array(DwellingChoice) });

export const Invitation = object({
  id: number(),
  email: string(),
  name: string(),
  ApmtId: nullable(number()),
  dwelling: nullable(string()),
  kind: nullable(Kind),
  roles: array(enums(STAFF_ROLES)),
  sentCount: number(),
  lastSentAt: string(),
  expiresAt: string(),
  /** The link no longer works: resend to send a new one. */
  expired: boolean(),
  /** It answers an access request of the inbox. */
  accessRequestId: nullable(number()),
});
export type Invitation = Infer<typeof Invitation>;

export const InvitationsAnswer = object({ success: literal(true), items: array(Invitation) });
export const InvitationAnswer = object({ success: literal(true), invitation: Invitation });
export type InvitationAnswer = Infer<typeof InvitationAnswer>;

/** A dwelling with owner or tenant, or (no dwelling) one or more staff / board roles. */
export const InviteRequest = refine(
  object({
    email: Email,
    name: NonEmpty(INVITATION_NAME_MAX),
    ApmtId: nullable(Id),
    kind: nullable(Kind),
    roles: size(array(enums(STAFF_ROLES)), 0, STAFF_ROLES.length),
  }),
  'InviteTarget',
  (value) =>
    (value.ApmtId !== null && value.kind !== null && value.roles.length === 0) ||
    (value.ApmtId === null && value.kind === null && value.roles.length > 0) ||
    'either a dwelling with owner or tenant, or one or more roles',
);
export type InviteRequest = Infer<typeof InviteRequest>;

export const InvitationIdRequest = object({ id: Id });
export type InvitationIdRequest = Infer<typeof InvitationIdRequest>;

export const MoveOutRequest = object({ residencyId: Id });
export type MoveOutRequest = Infer<typeof MoveOutRequest>;

export const MoveOutAnswer = object({
  success: literal(true),
  /** The person holds nothing else here: their membership became inactive. */
  membershipEnded: boolean(),
});
export type MoveOutAnswer = Infer<typeof MoveOutAnswer>;

export const AccessRequest = object({
  id: number(),
  nombre: string(),
  email: string(),
  tel: string(),
  comentarios: string(),
  /** The dwelling as the person wrote it. */
  vivienda: string(),
  createdAt: string(),
  status: enums(ACCESS_REQUEST_STATES),
  decidedAt: nullable(string()),
  decisionMessage: nullable(string()),
  /** The active dwelling whose name matches what the person wrote, when one does. */
  suggestedApmtId: nullable(number()),
});
export type AccessRequest = Infer<typeof AccessRequest>;

export const AccessRequestsAnswer = object({ success: literal(true), items: array(AccessRequest), pending: number() });
export type AccessRequestsAnswer = Infer<typeof AccessRequestsAnswer>;

export const AccessRequestAnswer = object({ success: literal(true), request: AccessRequest });
/** The 409 of a second decision: the request as it is now. */
export const AccessRequestConflict = type({ success: literal(false), request: AccessRequest });

export const ApproveAccessRequest = object({ id: Id, ApmtId: Id, kind: Kind });
export type ApproveAccessRequest = Infer<typeof ApproveAccessRequest>;

export const RejectAccessRequest = object({ id: Id, mensaje: NonEmpty(REJECTION_MESSAGE_MAX) });
export type RejectAccessRequest = Infer<typeof RejectAccessRequest>;

/** A link's token as the pages accept it: URL-safe base64 of 32 bytes (43 characters), with room. */
export const InvitationToken = size(pattern(string(), /^[A-Za-z0-9_-]+$/), 20, 200);

export const InvitationTokenRequest = object({ token: InvitationToken });
export type InvitationTokenRequest = Infer<typeof InvitationTokenRequest>;

export const InvitationInfo = object({
  condoName: string(),
  email: string(),
  name: string(),
  dwelling: nullable(string()),
  kind: nullable(Kind),
  roles: array(enums(STAFF_ROLES)),
  /** The e-mail has an account already: the person confirms with its password instead of choosing one. */
  existingUser: boolean(),
});
export type InvitationInfo = Infer<typeof InvitationInfo>;

export const InvitationInfoAnswer = object({ success: literal(true), invitation: InvitationInfo });

/** A new user's new password (the shared rule, checked by the server for the message), or an existing
 * user's current one. */
export const AcceptInvitationRequest = object({ token: InvitationToken, password: size(string(), 1, 200) });
export type AcceptInvitationRequest = Infer<typeof AcceptInvitationRequest>;

/** Same shape as condo-login's answer: the person is signed in to the condominium. */
export const AcceptInvitationAnswer = object({ success: literal(true), token: string(), productToken: string() });
export type AcceptInvitationAnswer = Infer<typeof AcceptInvitationAnswer>;

/** What the view filters locally never needs; kept for the dialog's own check. */
export const inviteTargetComplete = (draft: { ApmtId: number | null; kind: string | null; roles: readonly string[] }) =>
  (draft.ApmtId !== null && draft.kind !== null) || draft.roles.length > 0;
