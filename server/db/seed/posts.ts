// Demo posts, comments and notifications of Residencial Las Palmas (issue 6). Deterministic: every date is
// a fixed offset from the seed clock, every author a named account or neighbour, and the one image is drawn
// here (no bytes that change between loads).
import { deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { notify } from '../../domain/shared/notify';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Database } from '../schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoPost {
  section: string;
  author: string;
  title: string;
  body: string;
  daysAgo: number;
  /** 'A' published (default), 'P' waiting for approval. */
  status?: 'A' | 'P';
  tower?: string;
  private?: boolean;
  image?: string;
  comments?: [author: string, text: string, hoursLater: number][];
}

const AVISOS = 'Avisos de la administración';
const VECINOS = 'Tablón de vecinos';
const JARDIN = 'Comité de jardinería';
const SOLICITUDES = 'Solicitudes a la administración';
const CONSEJO = 'Asuntos del consejo';

/** Twelve routine notices, so the notices section has more than one page. */
const ROUTINE: [title: string, body: string][] = [
  [
    'Fumigación de áreas comunes',
    'El sábado de 8:00 a 12:00 se fumigarán jardines y estacionamientos. Mantengan a sus mascotas dentro.',
  ],
  ['Horario de la alberca', 'A partir del lunes la alberca abre de 7:00 a 21:00. Recuerden usar gorra de natación.'],
  [
    'Recolección de basura',
    'La recolección pasa ahora martes, jueves y sábado a las 7:30. Saquen las bolsas después de las 6:00.',
  ],
  ['Pago de cuotas', 'Les recordamos que la cuota de mantenimiento vence el día 10 de cada mes.'],
  ['Limpieza de cisternas', 'El miércoles se limpiarán las cisternas; puede haber baja presión de agua por la mañana.'],
  [
    'Reglamento de estacionamiento',
    'Cada vivienda tiene asignados sus cajones; los visitantes usan el estacionamiento de la entrada.',
  ],
  ['Mantenimiento del gimnasio', 'El gimnasio estará cerrado el viernes por mantenimiento de las caminadoras.'],
  ['Simulacro de sismo', 'El próximo jueves a las 11:00 haremos un simulacro. Sigan las indicaciones de los brigadistas.'],
  ['Pintura de fachadas', 'Durante dos semanas habrá andamios en la fachada norte. Eviten estacionarse junto al muro.'],
  ['Cambio de proveedor de seguridad', 'Desde el primero de mes la caseta la atiende un nuevo proveedor; el teléfono no cambia.'],
  ['Poda de árboles', 'El jardinero podará los árboles del andador central el martes por la tarde.'],
  ['Revisión de extintores', 'Personal de protección civil revisará los extintores de cada piso esta semana.'],
];

const POSTS: DemoPost[] = [
  ...ROUTINE.map(
    ([title, body], i): DemoPost => ({ section: AVISOS, author: 'admin@demo.mx', title, body, daysAgo: 40 - i * 3 }),
  ),
  {
    section: AVISOS,
    author: 'admin@demo.mx',
    title: 'Mantenimiento de elevadores',
    body: 'El lunes de 9:00 a 14:00 los elevadores de ambas torres estarán fuera de servicio por mantenimiento preventivo.',
    daysAgo: 3,
    image: 'elevadores.png',
    comments: [
      ['vecino010@demo.mx', '¿También el montacargas?', 2],
      ['admin@demo.mx', 'Sí, el montacargas también. Gracias por preguntar.', 3],
    ],
  },
  {
    section: AVISOS,
    author: 'admin@demo.mx',
    title: 'Corte de agua en Torre B',
    body: 'Mañana de 10:00 a 13:00 no habrá agua en Torre B por la reparación de una tubería.',
    daysAgo: 1,
    tower: 'Torre B',
  },
  {
    section: VECINOS,
    author: 'vecino012@demo.mx',
    title: '¿Alguien perdió unas llaves?',
    body: 'Encontré unas llaves con un llavero azul junto a la alberca. Las dejé en la caseta.',
    daysAgo: 6,
    comments: [['consejo@demo.mx', '¡Gracias por avisar!', 5]],
  },
  {
    section: VECINOS,
    author: 'vecino020@demo.mx',
    title: 'Venta de garage el domingo',
    body: 'Este domingo de 10:00 a 14:00 tendremos venta de garage en la Casa 12. Todos bienvenidos.',
    daysAgo: 2,
  },
  {
    section: JARDIN,
    author: 'consejo@demo.mx',
    title: 'Plan de poda de primavera',
    body: 'Propongo podar las bugambilias en marzo y sembrar lavanda junto a la entrada.',
    daysAgo: 8,
    comments: [['residente@demo.mx', 'Me parece muy bien, yo ayudo con la lavanda.', 20]],
  },
  {
    section: JARDIN,
    author: 'residente@demo.mx',
    title: 'Propuesta de huerto comunitario',
    body: 'Podríamos usar el terreno junto a la Torre A para un pequeño huerto de hierbas.',
    daysAgo: 1,
    status: 'P',
  },
  {
    section: SOLICITUDES,
    author: 'vecino015@demo.mx',
    title: 'Fuga en el pasillo del piso 3',
    body: 'Hay una fuga de agua en el techo del pasillo del tercer piso, junto al elevador.',
    daysAgo: 4,
    private: true,
  },
  {
    section: CONSEJO,
    author: 'admin@demo.mx',
    title: 'Presupuesto del próximo año',
    body: 'Comparto el borrador del presupuesto para revisarlo en la sesión del consejo del jueves.',
    daysAgo: 5,
  },
];

export async function seedPosts(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  // Office hours in Mexico (UTC-6), never in the future.
  const at = (daysAgo: number, hoursLater = 0) => {
    const day = Math.floor((now - daysAgo * DAY) / DAY) * DAY;
    return new Date(Math.min(day + 16 * HOUR + hoursLater * HOUR, now - 60_000)).toISOString();
  };
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const sections = new Map(
    (await db.selectFrom('sections').select(['id', 'name']).where('condo_id', '=', condo.id).execute()).map((s) => [
      s.name,
      s.id,
    ]),
  );
  const towers = new Map(
    (await db.selectFrom('towers').select(['id', 'name']).where('condo_id', '=', condo.id).execute()).map((t) => [t.name, t.id]),
  );
  const userId = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  for (const post of POSTS) {
    const author = await userId(post.author);
    const createdAt = at(post.daysAgo);
    const { id } = await db
      .insertInto('posts')
      .values({
        condo_id: condo.id,
        section_id: sections.get(post.section)!,
        author_user_id: author,
        title: post.title,
        body: post.body,
        tower_id: post.tower ? towers.get(post.tower)! : null,
        is_private: post.private ? 1 : 0,
        status: post.status ?? 'A',
        reviewed_by_user_id: null,
        reviewed_at: null,
        review_note: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (post.image) {
      const fileId = await saveFile(db, { ownerUserId: author, contentType: 'image/png', data: demoImage(), createdAt });
      await db
        .insertInto('post_attachments')
        .values({ post_id: id, file_id: fileId, file_name: post.image, kind: 'image', position: 0 })
        .execute();
    }
    for (const [commenter, text, hoursLater] of post.comments ?? []) {
      await db
        .insertInto('post_comments')
        .values({ post_id: id, author_user_id: await userId(commenter), body: text, created_at: at(post.daysAgo, hoursLater) })
        .execute();
    }
    if (post.status === 'P') {
      const seedClock = { now: () => new Date(createdAt) };
      await notify(db, seedClock, [await userId('admin@demo.mx')], {
        condoId: condo.id,
        titulo: 'Publicación por aprobar',
        textoApp: `Rosa Hernández Díaz publicó «${post.title}» en ${post.section}.`,
        modulo: 'publicacion',
        props: { postID: id },
      });
    }
  }
}

/** A 320×160 PNG: a green gradient with lighter bands, drawn byte by byte (same bytes on every load). */
function demoImage(): Buffer {
  const width = 320;
  const height = 160;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x + y) / 40) % 2 === 0 ? 0 : 25;
      raw[row + 1 + x * 3] = 40 + band;
      raw[row + 2 + x * 3] = 120 + Math.floor((x / width) * 80) + band;
      raw[row + 3 + x * 3] = 70 + Math.floor((y / height) * 60);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
