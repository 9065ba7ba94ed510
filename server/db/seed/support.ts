// The support desk's demo (issue 30): one agent, soporte@demo.mx with the demo password, who signs in at /soporte;
// the desk's office hours (Monday to Friday, 9:00 to 18:00 in Mexico City) and two canned answers. No conversation:
// the first administrator who writes opens their condominium's. README's demo table repeats these facts.
import type { Transaction } from 'kysely';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';

export const DEMO_SUPPORT_AGENT = { email: 'soporte@demo.mx', name: 'Lucía Campos (Soporte)' } as const;

const WEEKDAY = { abre: '09:00', cierra: '18:00' };

/** `passwordHash`: the demo password's, as every demo account has it. */
export async function seedSupport(trx: Transaction<Database>, clock: Clock, passwordHash: string): Promise<void> {
  const now = clock.now().toISOString();
  const { id } = await trx
    .insertInto('support_agents')
    .values({
      email: DEMO_SUPPORT_AGENT.email,
      name: DEMO_SUPPORT_AGENT.name,
      password_hash: passwordHash,
      language: 'es',
      active: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('support_settings')
    .values({
      time_zone: 'America/Mexico_City',
      hours: JSON.stringify([WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, null, null]),
      away_message: '',
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('support_canned')
    .values([
      {
        title: 'Saludo',
        text: 'Hola, gracias por escribirnos. Con gusto te ayudamos; ¿nos das un poco más de detalle?',
        created_by: id,
        updated_at: now,
      },
      {
        title: 'Restablecer contraseña',
        text: 'Para restablecer la contraseña de un residente, pídele que use "¿Olvidaste tu contraseña?" en la pantalla de inicio de sesión; le llegará un correo con el enlace.',
        created_by: id,
        updated_at: now,
      },
    ])
    .execute();
}
