// The demo requests to the administrator of Residencial Las Palmas (issue 13), as histories: who filed what,
// when, and each step after it (hours after filing). seed/tickets.ts walks them through the lifecycle table.
import { RESOLUTION_ANSWER_DAYS, type TicketPriority } from '../../../src/api/ticketLifecycle';

export const DEMO_TICKET_CATEGORIES = ['Mantenimiento', 'Seguridad', 'Limpieza', 'Áreas comunes', 'Administración'] as const;
type Category = (typeof DEMO_TICKET_CATEGORIES)[number];

export const DEMO_TICKET_CONFIRMATION = 'Recibimos tu solicitud. Te responderemos en menos de 48 horas.';

export type Worker = 'empleado' | 'supervisor';
export type Who = 'admin' | 'assignee' | 'requester';

/** One step of a history, this many hours after the request was filed. */
export type Step =
  | [action: 'asignar', hours: number, to: Worker]
  | [action: 'iniciar' | 'confirmar' | 'cerrar' | 'autocerrar', hours: number]
  | [action: 'esperar' | 'resolver' | 'reabrir', hours: number, nota?: string]
  | [action: 'cancelar', hours: number, by: 'requester' | 'admin', nota?: string]
  | [kind: 'respuesta' | 'nota', hours: number, by: Who, text: string];

export interface DemoTicket {
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

export const RESIDENTE = 'residente@demo.mx';
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
