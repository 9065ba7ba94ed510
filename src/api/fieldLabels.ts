// How the screens name the fields of the requests, so a 400 says "Correo electrónico: …" and not "username …"
// (DESIGN.md §8). Labels are the views' own message ids where a view shows the field; a field no screen
// shows (ids, tokens) is named by its path. Used by the server's validation (server/plugins/validation.ts).
import type { MessageId } from '../i18n/messages';
import { SendMessageRequest, StartConversationRequest } from './conversations';
import { BulkMailRequest, BulkPdfRequest, ReportQuery, StatementQuery } from './finance';
import { NewEvent, NewPass } from './myGuests';
import { PaymentRecord } from './payments';
import { NewCommentRequest } from './posts';
import { ProviderContactRequest } from './providerContact';
import { PublicContactRequest } from './publicPage';
import { NewTicketRequest, TicketReplyRequest } from './tickets';

/** By the field's name: what it means wherever it appears. */
const BY_NAME: Record<string, MessageId> = {
  // Sign-in, account, profile
  username: 'login.email',
  email: 'login.email',
  password: 'login.password',
  rememberMe: 'login.rememberMe',
  subdomain: 'errors.field.subdomain',
  language: 'profile.language.title',
  lang: 'profile.language.title',
  token: 'errors.field.link',
  antkn: 'errors.field.link',
  currentPassword: 'password.current',
  newPassword: 'password.new',
  UserName: 'profile.name.label',
  dataUrl: 'errors.field.photo',
  // Guests and public contact
  nombre: 'guest.field.nombre',
  confirmEmail: 'guest.field.confirmEmail',
  telefono: 'public.form.tel',
  tel: 'public.form.tel',
  comentarios: 'public.form.comentarios',
  vivienda: 'public.form.vivienda',
  cf_capcha: 'errors.field.captcha',
  kind: 'errors.field.contactKind',
  formaDeAcceso: 'guest.field.formaDeAcceso',
  placas: 'guest.field.placas',
  numDeInvitados: 'guest.field.numDeInvitados',
  torre: 'guest.field.torre',
  apartment: 'guest.field.apartment',
  user: 'guest.field.user',
  // Passes and events
  tipo: 'invites.field.tipo',
  fechaInicio: 'invites.field.fechaInicio',
  fechaFin: 'invites.field.fechaFin',
  horaInicio: 'invites.field.horaInicio',
  horaFin: 'invites.field.horaFin',
  diasAcceso: 'invites.field.diasRequired',
  notaVisitante: 'invites.field.notaVisitante',
  nombreInfante: 'invites.field.nombreInfante',
  apartmentId: 'invites.field.destino',
  descripcion: 'invites.field.descripcion',
  fecha: 'invites.field.fecha',
  hora: 'invites.field.hora',
  acompanantes: 'invites.field.acompanantes',
  limiteInvitados: 'invites.field.limiteInvitados',
  limiteAutos: 'invites.field.limiteAutos',
  puntoDeAccesoId: 'invites.field.puntoDeAcceso',
  codigo: 'staff.check.field',
  // Blogs
  SectId: 'errors.field.blog',
  SectCode: 'errors.field.code',
  SectName: 'blogs.field.SectName',
  SectStatus: 'blogs.field.SectStatus',
  SectPosting: 'blogs.field.SectPosting',
  SectPosition: 'errors.field.position',
  CommentsDisplay: 'blogs.field.CommentsDisplay',
  PublicoPrivado: 'blogs.field.PublicoPrivado',
  SolPrivada: 'blogs.field.SolPrivada',
  ExclusivaUsuarios: 'blogs.field.ExclusivaUsuarios',
  VistaxTorre: 'blogs.field.VistaxTorre',
  VerResultados: 'blogs.field.VerResultados',
  EnviarCopia: 'blogs.field.EnviarCopia',
  TiempoMoroso: 'blogs.field.TiempoMoroso',
  MensajeConfirmacion: 'blogs.field.MensajeConfirmacion',
  newUsers: 'errors.field.residents',
  deletedUsers: 'errors.field.residents',
  // Money
  ApartmentId: 'finance.statement.dwelling',
  ApartmentsId: 'finance.bulk.dwellings',
  periodo: 'finance.bulk.kind',
  year: 'finance.bulk.year',
  TipoDescarga: 'finance.bulk.type',
  TipoImpresion: 'finance.bulk.layout',
  Clave: 'errors.field.report',
  monto: 'charges.monthlyLimit',
  tab: 'errors.field.tab',
  prefieresContacto: 'charges.prefieresContacto',
  fechaContacto: 'charges.fechaContacto',
  horarioTentativo: 'charges.horarioTentativo',
  // Posts
  Titulo: 'posts.fieldTitle',
  Texto: 'posts.fieldText',
  Privado: 'errors.field.private',
  TorreId: 'guest.field.torre',
  adjuntos: 'errors.field.attachments',
  note: 'posts.rejectNote',
  search: 'posts.search',
  // Requests to the administrator
  categoriaId: 'tickets.form.category',
  Descripcion: 'tickets.form.description',
  ApmtId: 'tickets.form.dwelling',
  AreaComun: 'tickets.form.commonArea',
  Prioridad: 'tickets.form.priority',
  asignadoId: 'tickets.detail.assignTo',
  FechaLimite: 'tickets.detail.dueField',
  estrellas: 'tickets.detail.stars',
  comentario: 'tickets.detail.ratingComment',
  interna: 'tickets.detail.internal',
  // Interpersonal messages
  fotos: 'conversations.composer.attach',
  motivo: 'conversations.report.reason',
};

/** Where a request's screen names a field otherwise. */
const BY_REQUEST = new Map<object, Record<string, MessageId>>([
  [NewPass, { nombre: 'invites.field.nombre', email: 'invites.field.email', telefono: 'invites.field.telefono' }],
  [NewEvent, { nombre: 'invites.field.eventName' }],
  [PublicContactRequest, { nombre: 'public.form.nombre', email: 'public.form.email' }],
  [ProviderContactRequest, { nombre: 'charges.nombre', telefono: 'charges.telefono' }],
  [StatementQuery, { fechaInicio: 'finance.from', fechaFin: 'finance.to' }],
  [ReportQuery, { fechaInicio: 'finance.from', fechaFin: 'finance.to' }],
  [BulkMailRequest, { fechaInicio: 'finance.bulk.start', fechaFin: 'finance.bulk.end' }],
  [BulkPdfRequest, { fechaInicio: 'finance.bulk.start', fechaFin: 'finance.bulk.end' }],
  [
    PaymentRecord,
    {
      paidOn: 'errors.field.paidOn',
      amountCents: 'errors.field.amount',
      accountId: 'errors.field.ledgerAccount',
      reference: 'errors.field.reference',
    },
  ],
  [NewCommentRequest, { Texto: 'posts.commentLabel' }],
  [NewTicketRequest, { Titulo: 'tickets.form.fieldTitle' }],
  [TicketReplyRequest, { Texto: 'tickets.detail.replyField' }],
  [StartConversationRequest, { Texto: 'conversations.new.message', desdeApmtId: 'conversations.new.side' }],
  [SendMessageRequest, { Texto: 'conversations.composer.label' }],
]);

/** The label of a request's field (its first named path segment: "adjuntos" for "adjuntos.0.dataUrl"). */
export function labelsOf(request: object): (field: string) => MessageId | undefined {
  const own = BY_REQUEST.get(request) ?? {};
  // Own properties only: a field named "constructor" is not Object's.
  return (field) => (Object.hasOwn(own, field) ? own[field] : Object.hasOwn(BY_NAME, field) ? BY_NAME[field] : undefined);
}
