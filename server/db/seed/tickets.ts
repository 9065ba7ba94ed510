// Demo requests to the administrator of Residencial Las Palmas (issue 13): the categories, forty requests in
// the SA section across every state and age (hours to about three months, relative to the seed clock), some
// overdue, several of residente@demo.mx (Torre A - 101), many worked by empleado@demo.mx. Each history is
// walked through the lifecycle table (src/api/ticketLifecycle.ts), so every timeline is one the server would
// have written; the jobs due later (overdue notices, automatic closes) are scheduled as filing would.
import type { Kysely } from 'kysely';
import { ticketRolesOf } from '../../../src/api/permissions';
import { foldForSearch } from '../../../src/api/search';
import {
  autoCloseAt,
  DEFAULT_DUE_HOURS,
  isOpenState,
  RESOLUTION_ANSWER_DAYS,
  type TicketAction,
  type TicketPriority,
  type TicketRole,
  type TicketState,
  ticketTransition,
} from '../../../src/api/ticketLifecycle';
import type { MessageId } from '../../../src/i18n/messages';
import type { Clock } from '../../domain/clock';
import { notify } from '../../domain/notifications';
import { dwellingName } from '../../domain/tickets/rows';
import { TICKET_AUTOCLOSE_JOB, TICKET_OVERDUE_JOB } from '../../domain/tickets/schedule';
import { wordsIn } from '../../messages';
import type { Database } from '../schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const es = wordsIn('es');

export const DEMO_TICKET_CATEGORIES = ['Mantenimiento', 'Seguridad', 'Limpieza', 'Áreas comunes', 'Administración'] as const;
type Category = (typeof DEMO_TICKET_CATEGORIES)[number];

export const DEMO_TICKET_CONFIRMATION = 'Recibimos tu solicitud. Te responderemos en menos de 48 horas.';

type Worker = 'empleado' | 'supervisor';
type Who = 'admin' | 'assignee' | 'requester';

/** One step of a history, this many hours after the request was filed. */
type Step =
  | [action: 'asignar', hours: number, to: Worker]
  | [action: 'iniciar' | 'confirmar' | 'cerrar' | 'autocerrar', hours: number]
  | [action: 'esperar' | 'resolver' | 'reabrir', hours: number, nota?: string]
  | [action: 'cancelar', hours: number, by: 'requester' | 'admin', nota?: string]
  | [kind: 'respuesta' | 'nota', hours: number, by: Who, text: string];

interface DemoTicket {
  by: string;
  category: Category;
  title: string;
  description: string;
  priority: TicketPriority;
  /** Filed this many days and hours before the clock. */
  ago: [days: number, hours: number];
  /** A common area; without one, the requester's dwelling. */
  area?: string;
  steps?: Step[];
  rating?: [stars: number, comment: string | null];
}

const RESIDENTE = 'residente@demo.mx';
const CONSEJO = 'consejo@demo.mx';
const vecino = (n: number) => `vecino${String(n).padStart(3, '0')}@demo.mx`;
/** The system closes a resolution this long after it, a little after the requester's seven days. */
const AUTOCLOSE_AFTER = RESOLUTION_ANSWER_DAYS * 24 + 1;

export const DEMO_TICKETS: DemoTicket[] = [
  // Nuevo
  {
    by: RESIDENTE,
    category: 'Mantenimiento',
    title: 'Gotera en el techo de la cocina',
    description: 'Cuando llueve cae agua junto a la lámpara de la cocina. Parece venir del departamento de arriba.',
    priority: 'media',
    ago: [0, 3],
  },
  {
    by: vecino(41),
    category: 'Limpieza',
    title: 'Basura acumulada junto a la Torre B',
    description: 'Los contenedores están llenos desde el fin de semana y hay bolsas en el piso.',
    priority: 'alta',
    ago: [0, 5],
    area: 'Contenedores de la Torre B',
  },
  {
    by: vecino(44),
    category: 'Seguridad',
    title: 'Luminaria apagada en el andador',
    description: 'La lámpara a la mitad del andador central no prende y de noche queda muy oscuro.',
    priority: 'media',
    ago: [4, 0],
    area: 'Andador central',
  },
  {
    by: CONSEJO,
    category: 'Áreas comunes',
    title: 'Mesa de ping-pong rota',
    description: 'Una de las patas de la mesa de ping-pong está doblada y la mesa se inclina.',
    priority: 'baja',
    ago: [2, 0],
    area: 'Salón de juegos',
  },
  {
    by: vecino(47),
    category: 'Administración',
    title: 'Actualizar datos de contacto',
    description: 'Cambié de número de celular; ¿me pueden actualizar el directorio?',
    priority: 'baja',
    ago: [1, 2],
  },
  {
    by: vecino(52),
    category: 'Mantenimiento',
    title: 'Interfón sin sonido',
    description: 'El interfón del departamento no suena cuando llaman desde la caseta.',
    priority: 'urgente',
    ago: [0, 8],
  },
  // Asignado
  {
    by: RESIDENTE,
    category: 'Seguridad',
    title: 'Tarjeta de acceso no funciona',
    description: 'Mi tarjeta de acceso peatonal dejó de abrir la puerta desde ayer.',
    priority: 'alta',
    ago: [3, 0],
    steps: [
      ['asignar', 2, 'empleado'],
      ['respuesta', 2, 'admin', 'Emilio pasará a revisar tu tarjeta mañana por la mañana.'],
    ],
  },
  {
    by: vecino(43),
    category: 'Mantenimiento',
    title: 'Foco fundido en el pasillo del piso 3',
    description: 'El foco junto al elevador del piso 3 está fundido.',
    priority: 'baja',
    ago: [1, 4],
    area: 'Pasillo del piso 3, Torre A',
    steps: [['asignar', 1, 'empleado']],
  },
  {
    by: vecino(46),
    category: 'Limpieza',
    title: 'Excremento de mascotas en el jardín',
    description: 'Hay excremento de perro en el pasto junto a los juegos infantiles.',
    priority: 'media',
    ago: [2, 3],
    area: 'Jardín central',
    steps: [['asignar', 3, 'supervisor']],
  },
  {
    by: vecino(49),
    category: 'Áreas comunes',
    title: 'Asador del jardín dañado',
    description: 'La parrilla del asador más cercano a la alberca está oxidada y rota.',
    priority: 'baja',
    ago: [6, 0],
    area: 'Asadores',
    steps: [
      ['asignar', 20, 'empleado'],
      ['nota', 21, 'admin', 'Pedir cotización de la parrilla nueva antes de cambiarla.'],
    ],
  },
  {
    by: vecino(53),
    category: 'Mantenimiento',
    title: 'Humedad en la pared de la recámara',
    description: 'Apareció una mancha de humedad en la pared que da al cubo de luz.',
    priority: 'media',
    ago: [5, 0],
    steps: [['asignar', 4, 'empleado']],
  },
  {
    by: vecino(55),
    category: 'Administración',
    title: 'Cambio de cajón de estacionamiento',
    description: 'Quisiera cambiar mi cajón por uno techado si hay alguno disponible.',
    priority: 'baja',
    ago: [0, 6],
    steps: [['asignar', 2, 'supervisor']],
  },
  // En proceso
  {
    by: RESIDENTE,
    category: 'Mantenimiento',
    title: 'Fuga de agua en el baño',
    description: 'La llave del lavabo gotea todo el tiempo aunque esté cerrada.',
    priority: 'media',
    ago: [1, 6],
    steps: [
      ['asignar', 1, 'empleado'],
      ['iniciar', 3],
      ['respuesta', 3, 'assignee', 'Revisé la llave de paso; mañana cambio el empaque.'],
      ['nota', 4, 'assignee', 'Hace falta un empaque de media pulgada; lo compro en la ferretería.'],
    ],
  },
  {
    by: vecino(58),
    category: 'Áreas comunes',
    title: 'Alberca turbia',
    description: 'El agua de la alberca está verde desde el domingo.',
    priority: 'media',
    ago: [2, 0],
    area: 'Alberca',
    steps: [
      ['asignar', 1, 'empleado'],
      ['iniciar', 2],
      ['respuesta', 2, 'admin', 'Ya se aplicó cloro; la alberca estará cerrada hoy.'],
    ],
  },
  {
    by: vecino(61),
    category: 'Seguridad',
    title: 'Cámara de la entrada sin imagen',
    description: 'El monitor de la caseta muestra la cámara de la entrada en negro.',
    priority: 'urgente',
    ago: [0, 7],
    area: 'Caseta de acceso',
    steps: [
      ['asignar', 1, 'supervisor'],
      ['iniciar', 2],
    ],
  },
  {
    by: vecino(64),
    category: 'Mantenimiento',
    title: 'Elevador de Torre B hace ruido',
    description: 'El elevador rechina al pasar por el piso 5.',
    priority: 'media',
    ago: [1, 0],
    area: 'Elevador de la Torre B',
    steps: [
      ['asignar', 2, 'empleado'],
      ['iniciar', 5],
      ['nota', 6, 'admin', 'El proveedor de elevadores viene el jueves.'],
    ],
  },
  {
    by: vecino(67),
    category: 'Limpieza',
    title: 'Cisterna con mal olor',
    description: 'El agua sale con olor a humedad desde la mañana.',
    priority: 'alta',
    ago: [0, 9],
    area: 'Cisterna',
    steps: [
      ['asignar', 1, 'empleado'],
      ['iniciar', 3],
    ],
  },
  {
    by: vecino(70),
    category: 'Mantenimiento',
    title: 'Calentador no enciende',
    description: 'El calentador de paso no prende desde hace dos días.',
    priority: 'media',
    ago: [9, 0],
    steps: [
      ['asignar', 5, 'empleado'],
      ['iniciar', 24],
      ['resolver', 48, 'Se purgó el calentador y enciende bien.'],
      ['reabrir', 60, 'Volvió a apagarse en la noche.'],
      ['respuesta', 63, 'assignee', 'Cambiaremos el termopar; la pieza llega el lunes.'],
    ],
  },
  {
    by: CONSEJO,
    category: 'Mantenimiento',
    title: 'Puerta del estacionamiento no cierra',
    description: 'El portón eléctrico se queda abierto después de que pasa el coche.',
    priority: 'alta',
    ago: [0, 4],
    area: 'Acceso vehicular',
    steps: [
      ['asignar', 1, 'empleado'],
      ['iniciar', 2],
    ],
  },
  // En espera (de la respuesta del residente)
  {
    by: RESIDENTE,
    category: 'Administración',
    title: 'Aclaración de cargo en mi estado de cuenta',
    description: 'Aparece un cargo de cuota extraordinaria que ya pagué en octubre.',
    priority: 'media',
    ago: [6, 0],
    steps: [
      ['asignar', 3, 'supervisor'],
      ['iniciar', 20],
      ['esperar', 22, '¿Nos compartes el comprobante del pago de octubre?'],
    ],
  },
  {
    by: vecino(73),
    category: 'Mantenimiento',
    title: 'Contacto eléctrico quemado',
    description: 'El contacto de la sala echó chispas y ya no funciona.',
    priority: 'baja',
    ago: [2, 2],
    steps: [
      ['asignar', 1, 'empleado'],
      ['iniciar', 2],
      ['esperar', 3, '¿Qué día podemos entrar a revisar el contacto?'],
    ],
  },
  {
    by: vecino(76),
    category: 'Áreas comunes',
    title: 'Caminadora del gimnasio descompuesta',
    description: 'Una caminadora se detiene sola a los pocos minutos.',
    priority: 'baja',
    ago: [10, 0],
    area: 'Gimnasio',
    steps: [
      ['asignar', 24, 'empleado'],
      ['iniciar', 48],
      ['esperar', 50, '¿Recuerdas cuál caminadora era, la de la ventana o la del fondo?'],
    ],
  },
  // Resuelto (the requester still has days to confirm or reopen)
  {
    by: RESIDENTE,
    category: 'Limpieza',
    title: 'Manchas en la alfombra del vestíbulo',
    description: 'La alfombra del vestíbulo tiene manchas de lodo desde la lluvia.',
    priority: 'baja',
    ago: [5, 0],
    area: 'Vestíbulo de la Torre A',
    steps: [
      ['asignar', 2, 'empleado'],
      ['iniciar', 24],
      ['resolver', 50, 'Se lavó la alfombra del vestíbulo.'],
    ],
  },
  {
    by: vecino(79),
    category: 'Seguridad',
    title: 'Puerta de emergencia abierta',
    description: 'La puerta de emergencia del primer piso no cierra sola.',
    priority: 'urgente',
    ago: [3, 0],
    area: 'Salida de emergencia de la Torre B',
    steps: [
      ['asignar', 1, 'supervisor'],
      ['iniciar', 1.5],
      ['resolver', 3, 'Se ajustó el brazo de la puerta; ya cierra sola.'],
    ],
  },
  {
    by: vecino(78),
    category: 'Mantenimiento',
    title: 'Portón peatonal rechina',
    description: 'El portón peatonal hace mucho ruido al abrir.',
    priority: 'baja',
    ago: [8, 0],
    area: 'Acceso peatonal',
    steps: [
      ['asignar', 24, 'empleado'],
      ['iniciar', 100],
      ['resolver', 120, 'Se lubricaron las bisagras.'],
    ],
  },
  {
    by: vecino(80),
    category: 'Administración',
    title: 'Solicitud de constancia de no adeudo',
    description: 'Necesito una constancia de no adeudo para un trámite del banco.',
    priority: 'media',
    ago: [2, 0],
    steps: [
      ['asignar', 2, 'supervisor'],
      ['iniciar', 3],
      ['resolver', 20, 'La constancia está lista en la oficina de administración.'],
    ],
  },
  // Cerrado
  {
    by: RESIDENTE,
    category: 'Áreas comunes',
    title: 'Regaderas de la alberca sin agua caliente',
    description: 'Las regaderas de los vestidores solo tienen agua fría.',
    priority: 'media',
    ago: [40, 0],
    area: 'Vestidores de la alberca',
    steps: [
      ['asignar', 3, 'empleado'],
      ['iniciar', 24],
      ['resolver', 30, 'Se cambió la resistencia del calentador.'],
      ['confirmar', 40],
    ],
    rating: [5, 'Muy rápido, gracias.'],
  },
  {
    by: vecino(42),
    category: 'Mantenimiento',
    title: 'Ventana del cubo de escaleras rota',
    description: 'El vidrio de la ventana del cubo de escaleras del piso 2 está estrellado.',
    priority: 'alta',
    ago: [60, 0],
    area: 'Escaleras de la Torre A',
    steps: [
      ['asignar', 2, 'empleado'],
      ['iniciar', 5],
      ['resolver', 26, 'Se cambió el vidrio.'],
      ['autocerrar', 26 + AUTOCLOSE_AFTER],
    ],
  },
  {
    by: vecino(45),
    category: 'Seguridad',
    title: 'Visitante sin registro en la caseta',
    description: 'Anoche entró un repartidor sin que lo registraran en la caseta.',
    priority: 'media',
    ago: [20, 0],
    steps: [
      ['respuesta', 2, 'admin', 'Hablamos con el guardia de turno: todo visitante debe registrarse.'],
      ['asignar', 3, 'supervisor'],
      ['iniciar', 4],
      ['resolver', 6, 'Se reforzó el registro de visitantes.'],
      ['confirmar', 30],
    ],
    rating: [4, 'Bien, aunque tardaron en contestar.'],
  },
  {
    by: vecino(48),
    category: 'Limpieza',
    title: 'Limpieza de vidrios del lobby',
    description: 'Los vidrios del lobby tienen marcas de manos desde hace semanas.',
    priority: 'baja',
    ago: [85, 0],
    area: 'Lobby de la Torre B',
    steps: [
      ['asignar', 24, 'empleado'],
      ['iniciar', 48],
      ['resolver', 72],
      ['confirmar', 80],
    ],
    rating: [3, null],
  },
  {
    by: vecino(51),
    category: 'Áreas comunes',
    title: 'Juegos infantiles con tornillos sueltos',
    description: 'El columpio grande tiene tornillos flojos y se mueve la estructura.',
    priority: 'urgente',
    ago: [33, 0],
    area: 'Área de juegos',
    steps: [
      ['asignar', 1, 'empleado'],
      ['iniciar', 2],
      ['resolver', 4, 'Se apretaron y revisaron todos los juegos.'],
      ['confirmar', 10],
    ],
    rating: [5, '¡Excelente servicio!'],
  },
  {
    by: vecino(54),
    category: 'Administración',
    title: 'Factura de cuota de mantenimiento',
    description: 'Necesito la factura de las cuotas del último trimestre.',
    priority: 'baja',
    ago: [50, 0],
    steps: [
      ['asignar', 5, 'supervisor'],
      ['iniciar', 20],
      ['resolver', 30, 'Te enviamos la factura a tu correo.'],
      ['cerrar', 40],
    ],
  },
  {
    by: vecino(57),
    category: 'Mantenimiento',
    title: 'Bomba de agua con ruido',
    description: 'La bomba del cuarto de máquinas hace un ruido fuerte por las noches.',
    priority: 'alta',
    ago: [70, 0],
    area: 'Cuarto de máquinas',
    steps: [
      ['asignar', 2, 'empleado'],
      ['iniciar', 4],
      ['nota', 5, 'assignee', 'Rodamiento gastado.'],
      ['resolver', 28, 'Se cambió el rodamiento de la bomba.'],
      ['reabrir', 40, 'Sigue sonando por las noches.'],
      ['resolver', 70, 'Se cambió la bomba completa.'],
      ['confirmar', 75],
    ],
    rating: [4, 'Quedó bien a la segunda.'],
  },
  {
    by: vecino(60),
    category: 'Seguridad',
    title: 'Cerca eléctrica desactivada',
    description: 'El indicador de la cerca eléctrica está apagado.',
    priority: 'urgente',
    ago: [15, 0],
    area: 'Barda perimetral',
    steps: [
      ['asignar', 1, 'supervisor'],
      ['iniciar', 1.5],
      ['resolver', 3, 'Se restableció la energía de la cerca.'],
      ['autocerrar', 3 + AUTOCLOSE_AFTER],
    ],
  },
  {
    by: vecino(63),
    category: 'Mantenimiento',
    title: 'Fuga en el riego del jardín',
    description: 'Un aspersor del jardín central tira agua todo el día.',
    priority: 'media',
    ago: [25, 0],
    area: 'Jardín central',
    steps: [
      ['asignar', 4, 'empleado'],
      ['iniciar', 20],
      ['resolver', 30, 'Se cambió el aspersor.'],
      ['confirmar', 50],
    ],
    rating: [5, null],
  },
  {
    by: CONSEJO,
    category: 'Administración',
    title: 'Duda sobre la cuota extraordinaria',
    description: '¿Cuándo se aprobó la cuota extraordinaria de este año?',
    priority: 'baja',
    ago: [12, 0],
    steps: [
      ['respuesta', 6, 'admin', 'Se aprobó en la asamblea de marzo; te enviamos el acta.'],
      ['asignar', 7, 'supervisor'],
      ['iniciar', 8],
      ['resolver', 9, 'Se envió el acta de la asamblea.'],
      ['confirmar', 20],
    ],
    rating: [4, null],
  },
  {
    by: vecino(66),
    category: 'Limpieza',
    title: 'Hojas en la entrada del estacionamiento',
    description: 'La rampa del estacionamiento está llena de hojas y resbala.',
    priority: 'baja',
    ago: [45, 0],
    area: 'Rampa del estacionamiento',
    steps: [
      ['asignar', 24, 'empleado'],
      ['iniciar', 30],
      ['resolver', 34],
      ['autocerrar', 34 + AUTOCLOSE_AFTER],
    ],
  },
  // Cancelado
  {
    by: RESIDENTE,
    category: 'Áreas comunes',
    title: 'Reservar el salón de usos múltiples',
    description: 'Quiero reservar el salón para el sábado 15.',
    priority: 'baja',
    ago: [18, 0],
    steps: [
      ['respuesta', 3, 'admin', 'Las reservaciones se hacen en la sección de reservación de áreas comunes.'],
      ['cancelar', 5, 'requester', 'Ya lo reservé en la sección correcta.'],
    ],
  },
  {
    by: vecino(69),
    category: 'Seguridad',
    title: 'Ruido excesivo por las noches',
    description: 'Hay música a alto volumen después de la medianoche casi todos los días.',
    priority: 'media',
    ago: [30, 0],
    steps: [['cancelar', 20, 'admin', 'Se atiende con el reglamento de convivencia, no como solicitud.']],
  },
  {
    by: vecino(72),
    category: 'Administración',
    title: 'Alta de nuevo inquilino',
    description: 'Un nuevo inquilino llega el próximo mes; ¿qué documentos necesitan?',
    priority: 'baja',
    ago: [7, 0],
    steps: [
      ['asignar', 4, 'supervisor'],
      ['cancelar', 10, 'requester', 'Ya no se muda.'],
    ],
  },
];

interface People {
  id(email: string): number;
  name(email: string): string;
}

interface Walked {
  state: TicketState;
  assignee: string | null;
  version: number;
  resolvedAt: string | null;
  closedAt: string | null;
  firstReplyAt: string | null;
}

async function peopleOf(db: Kysely<Database>): Promise<People> {
  const rows = await db.selectFrom('users').select(['id', 'email', 'name']).execute();
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const get = (email: string) => {
    const user = byEmail.get(email);
    if (!user) throw new Error(`demo requests: no user ${email}`);
    return user;
  };
  return { id: (email) => get(email).id, name: (email) => get(email).name };
}

export async function seedTickets(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  const nowIso = new Date(now).toISOString();
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('condo_id', '=', condo.id)
    .where('code', '=', 'SA')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('sections')
    .set({ mensaje_confirmacion: DEMO_TICKET_CONFIRMATION, enviar_copia: 1 })
    .where('id', '=', section.id)
    .execute();
  const categories = new Map<string, number>();
  for (const [index, name] of DEMO_TICKET_CATEGORIES.entries()) {
    const { id } = await db
      .insertInto('ticket_categories')
      .values({ condo_id: condo.id, name, active: 1, position: index + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    categories.set(name, id);
  }
  const people = await peopleOf(db);
  const admin = 'admin@demo.mx';
  const workers: Record<Worker, string> = { empleado: 'empleado@demo.mx', supervisor: 'supervisor@demo.mx' };
  const dwellingOf = async (email: string) => {
    const row = await db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .select(['a.id', 'a.name', 't.name as tower'])
      .where('m.user_id', '=', people.id(email))
      .where('m.condo_id', '=', condo.id)
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name: dwellingName(row.name, row.tower) };
  };

  for (const demo of DEMO_TICKETS) {
    const created = now - demo.ago[0] * DAY - demo.ago[1] * HOUR;
    const at = (hours: number) => {
      const time = created + hours * HOUR;
      if (time >= now) throw new Error(`demo request «${demo.title}»: a step ${hours} h after filing is in the future`);
      return new Date(time).toISOString();
    };
    const createdAt = at(0);
    const dueAt = new Date(created + DEFAULT_DUE_HOURS[demo.priority] * HOUR).toISOString();
    const dwelling = demo.area ? null : await dwellingOf(demo.by);
    const { id } = await db
      .insertInto('tickets')
      .values({
        condo_id: condo.id,
        section_id: section.id,
        category_id: categories.get(demo.category)!,
        requester_user_id: people.id(demo.by),
        apartment_id: dwelling?.id ?? null,
        common_area: demo.area ?? null,
        title: demo.title,
        description: demo.description,
        priority: demo.priority,
        state: 'nuevo',
        assignee_user_id: null,
        due_at: dueAt,
        resolved_at: null,
        closed_at: null,
        first_reply_at: null,
        overdue_notified_at: null,
        search: foldForSearch(`${demo.title}\n${demo.description}`),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = (
      kind: string,
      when: string,
      user: string | null,
      values: { from?: string | null; to?: string | null; text?: string | null; internal?: boolean } = {},
    ) =>
      db
        .insertInto('ticket_events')
        .values({
          ticket_id: id,
          kind,
          from_value: values.from ?? null,
          to_value: values.to ?? null,
          text: values.text ?? null,
          internal: values.internal ? 1 : 0,
          user_id: user === null ? null : people.id(user),
          created_at: when,
        })
        .execute();
    await event('creada', createdAt, demo.by, { to: 'nuevo' });

    const walked: Walked = { state: 'nuevo', assignee: null, version: 1, resolvedAt: null, closedAt: null, firstReplyAt: null };
    const told: { to: string; when: string; title: string; text: string }[] = [];
    const tellRequester = (when: string, title: string, text: string) => {
      if (demo.by === RESIDENTE) told.push({ to: demo.by, when, title, text });
    };
    const actorOf = (who: Who) => (who === 'admin' ? admin : who === 'requester' ? demo.by : walked.assignee!);
    for (const step of demo.steps ?? []) {
      const when = at(step[1]);
      if (step[0] === 'respuesta' || step[0] === 'nota') {
        const [kind, , who, text] = step;
        await event(kind, when, actorOf(who), { text, internal: kind === 'nota' });
        if (kind === 'respuesta' && who !== 'requester') {
          walked.firstReplyAt ??= when;
          tellRequester(
            when,
            es('ticketsNotices.notify.reply.title'),
            es('ticketsNotices.notify.reply.text', { author: people.name(actorOf(who)), title: demo.title }),
          );
        }
        continue;
      }
      const system = step[0] === 'autocerrar';
      const action: TicketAction = system ? 'cerrar' : (step[0] as TicketAction);
      const actor: string | null = system
        ? null
        : action === 'asignar' || action === 'cerrar'
          ? admin
          : action === 'cancelar'
            ? step[2] === 'admin'
              ? admin
              : demo.by
            : action === 'confirmar' || action === 'reabrir'
              ? demo.by
              : walked.assignee!;
      const roles: TicketRole[] = system ? ['system'] : rolesOf(actor!, demo.by, walked.assignee, admin);
      const transition = ticketTransition({ state: walked.state, resolvedAt: walked.resolvedAt }, action, roles, new Date(when));
      if (!transition) throw new Error(`demo request «${demo.title}»: the lifecycle refuses ${action} from ${walked.state}`);
      const nota = step[0] === 'cancelar' ? step[3] : step[0] === 'asignar' ? undefined : (step[2] as string | undefined);
      if (step[0] === 'asignar') {
        const to = workers[step[2]];
        await event('asignacion', when, actor, { from: null, to: people.name(to) });
        walked.assignee = to;
      }
      await event('estado', when, actor, { from: walked.state, to: transition.to, text: nota ?? null });
      if (nota && actor !== null && actor !== demo.by) walked.firstReplyAt ??= when;
      walked.state = transition.to;
      walked.version += 1;
      if (transition.to === 'resuelto') walked.resolvedAt = when;
      if (action === 'reabrir') walked.resolvedAt = null;
      if (transition.to === 'cerrado' || transition.to === 'cancelado') walked.closedAt = when;
      if (actor !== demo.by) {
        const [title, text] = NOTICE_OF_STATE(transition.to, system);
        const values = {
          title: demo.title,
          days: RESOLUTION_ANSWER_DAYS,
          state: { id: `ticketsNotices.state.${transition.to}` as const },
        };
        tellRequester(when, es(title), es(text, values));
      }
    }
    if (demo.rating) {
      const [stars, comment] = demo.rating;
      const when = new Date(Math.min(Date.parse(walked.closedAt ?? walked.resolvedAt!) + 2 * HOUR, now - 60_000)).toISOString();
      await db.insertInto('ticket_ratings').values({ ticket_id: id, stars, comment, created_at: when }).execute();
      await event('calificacion', when, demo.by, { to: String(stars), text: comment });
    }

    const overdue = isOpenState(walked.state) && dueAt < nowIso;
    await db
      .updateTable('tickets')
      .set({
        state: walked.state,
        assignee_user_id: walked.assignee ? people.id(walked.assignee) : null,
        resolved_at: walked.resolvedAt,
        closed_at: walked.closedAt,
        first_reply_at: walked.firstReplyAt,
        // The overdue job ran at the due date and told the administrators.
        overdue_notified_at: overdue ? dueAt : null,
        version: walked.version,
        updated_at: createdAt,
      })
      .where('id', '=', id)
      .execute();
    if (isOpenState(walked.state) && !overdue) await scheduleAt(db, TICKET_OVERDUE_JOB, id, dueAt, createdAt);
    if (walked.state === 'resuelto') {
      await scheduleAt(db, TICKET_AUTOCLOSE_JOB, id, autoCloseAt(walked.resolvedAt!).toISOString(), createdAt);
    }

    const props = { taskID: id, classificationId: categories.get(demo.category)!, SectId: section.id };
    const place = demo.area ?? dwelling!.name;
    if (walked.state === 'nuevo') {
      told.push({
        to: admin,
        when: createdAt,
        title: es('ticketsNotices.notify.new.title'),
        text: es('ticketsNotices.notify.new.text', {
          requester: people.name(demo.by),
          title: demo.title,
          category: demo.category,
          place,
        }),
      });
    }
    if (overdue) {
      told.push({
        to: admin,
        when: dueAt,
        title: es('ticketsNotices.notify.overdue.title'),
        text: es('ticketsNotices.notify.overdue.text', { title: demo.title, category: demo.category }),
      });
    }
    for (const notice of told) {
      await notify(db, { now: () => new Date(notice.when) }, [people.id(notice.to)], {
        condoId: condo.id,
        titulo: notice.title,
        textoApp: notice.text,
        modulo: 'ticket',
        props,
      });
    }
  }
}

/** The words of the notice a requester gets for a move to this state (as domain/tickets/notices.ts). */
function NOTICE_OF_STATE(state: TicketState, system: boolean): [MessageId, MessageId] {
  if (system) return ['ticketsNotices.notify.autoclosed.title', 'ticketsNotices.notify.autoclosed.text'];
  if (state === 'resuelto') return ['ticketsNotices.notify.resolved.title', 'ticketsNotices.notify.resolved.text'];
  return ['ticketsNotices.notify.state.title', 'ticketsNotices.notify.state.text'];
}

function rolesOf(actor: string, requester: string, assignee: string | null, admin: string): TicketRole[] {
  const id = (email: string) => (email === actor ? 1 : 2);
  const usuario = { UserId: 1, UserIsAdmin: actor === admin ? ('Y' as const) : ('N' as const) };
  return ticketRolesOf(
    { usuario: { ...usuario, UserIsBoard: 'N', UserIsEmployed: 'N', UserIsGuard: 'N' } },
    {
      requesterId: id(requester),
      assigneeId: assignee === null ? null : id(assignee),
    },
  );
}

/** As scheduleJob does, with the seed's own creation time (the rows load the same on every run). */
async function scheduleAt(db: Kysely<Database>, kind: string, ticketId: number, dueAt: string, createdAt: string) {
  await db
    .insertInto('scheduled_jobs')
    .values({
      kind,
      key: String(ticketId),
      due_at: dueAt,
      claimed_by: null,
      claimed_until: null,
      attempts: 0,
      last_error: null,
      done_at: null,
      created_at: createdAt,
    })
    .execute();
}
