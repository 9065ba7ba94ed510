// Demo access requests of Residencial Las Palmas (issue 16): "Solicitar acceso" rows of the public page that
// wait in the administrator's inbox (configuracion, tab solicitudes). Each names a dwelling as people write
// them ("Torre B 1003", "casa 45"). The e2e specs decide their own: DEMO_ACCESS_REQUESTS names which.
import type { Kysely } from 'kysely';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';

/** The seeded requests by e-mail: the e2e specs approve and reject these, one of each per project. */
export const DEMO_ACCESS_REQUESTS = [
  { nombre: 'Lucía Fernández Gil', email: 'lucia.fernandez@correo.mx', vivienda: 'Torre B 1003', tel: '3312345601' },
  { nombre: 'Mateo Aguilar Ríos', email: 'mateo.aguilar@correo.mx', vivienda: 'Torre B - 1004', tel: '3312345602' },
  { nombre: 'Paula Navarro Cid', email: 'paula.navarro@correo.mx', vivienda: 'torre a 905', tel: '3312345603' },
  { nombre: 'Diego Salinas Mora', email: 'diego.salinas@correo.mx', vivienda: 'Torre A 906', tel: '3312345604' },
  { nombre: 'Elena Robles Paz', email: 'elena.robles@correo.mx', vivienda: 'casa 45', tel: '3312345605' },
  { nombre: 'Héctor Ibarra León', email: 'hector.ibarra@correo.mx', vivienda: 'La del jardín grande', tel: '3312345606' },
] as const;

export async function seedAccessRequests(trx: Kysely<Database>, clock: Clock): Promise<void> {
  const condo = await trx
    .selectFrom('condominiums')
    .select('id')
    .where('name', '=', 'Residencial Las Palmas')
    .executeTakeFirstOrThrow();
  const now = clock.now().getTime();
  await trx
    .insertInto('public_contact_requests')
    .values(
      DEMO_ACCESS_REQUESTS.map((r, index) => ({
        condo_id: condo.id,
        kind: 'access',
        nombre: r.nombre,
        email: r.email,
        tel: r.tel,
        comentarios: `Hola, soy ${r.nombre.split(' ')[0]} y me mudé hace poco. ¿Me pueden dar acceso a la plataforma?`,
        vivienda: r.vivienda,
        client_address: '203.0.113.10',
        created_at: new Date(now - (DEMO_ACCESS_REQUESTS.length - index) * 5 * 3_600_000).toISOString(),
      })),
    )
    .execute();
}
