// The payment-provider contact dialog (spec §2.4, §3.3, §5, §8): an administrator's request for a
// meeting or a call, checked with the dialog's own rule, stored, then mailed to the provider.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canContactPaymentProvider } from '../../../src/api/permissions';
import { contactFormProblems, PROVIDER_CONTACT_EMAIL, type ProviderContactRequest } from '../../../src/api/providerContact';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Mailer } from '../../infra/mail/mailer';
import { formatMessage } from '../../messages';
import type { Auth } from '../shared/auth';
import { localDate } from '../shared/zonedTime';
import { providerContactMail } from './providerContactMail';

/** Words for the fields the dialog keeps its submit disabled for; the server says which one is wrong. */
const FIELD_MESSAGES = {
  nombre: 'errors.providerContact.nombre',
  telefono: 'charges.telefonoInvalid',
  prefieresContacto: 'errors.providerContact.prefieresContacto',
  fechaContacto: 'errors.providerContact.fechaContacto',
  horarioTentativo: 'errors.providerContact.horarioTentativo',
} as const;

export interface ProviderContactOutcome {
  message: string;
  mail: Parameters<typeof providerContactMail>[1];
}

export async function receiveProviderContact(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: ProviderContactRequest,
): Promise<ProviderContactOutcome> {
  const member = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['m.is_admin', 'u.email', 'c.name as condo_name', 'c.time_zone'])
    .where('m.id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  if (!canContactPaymentProvider({ usuario: { UserIsAdmin: member.is_admin === 1 ? 'Y' : 'N' } })) throw forbidden();

  const now = clock.now();
  const problem = contactFormProblems(request.tab, request, localDate(now, member.time_zone))[0];
  if (problem) throw new AppError(400, ErrorCodes.badRequest, FIELD_MESSAGES[problem], problem);

  const stored = {
    ...request,
    nombre: request.nombre.trim(),
    prefieresContacto: request.tab === 'llamar' ? request.prefieresContacto : null,
  };
  await db
    .insertInto('provider_contact_requests')
    .values({
      condo_id: auth.condoId,
      user_id: auth.userId,
      tab: stored.tab,
      nombre: stored.nombre,
      telefono: stored.telefono,
      prefiere_contacto: stored.prefieresContacto,
      fecha_contacto: stored.fechaContacto,
      horario_tentativo: stored.horarioTentativo,
      created_at: now.toISOString(),
    })
    .execute();
  // The spec's 'Información recibida con éxito' (CONTACT_SUCCESS), in the administrator's language.
  return {
    message: formatMessage(auth.language, 'charges.successMessage'),
    mail: { request: stored, condoName: member.condo_name, adminEmail: member.email },
  };
}

export async function mailProviderContact(mailer: Mailer, outcome: ProviderContactOutcome): Promise<void> {
  await mailer.send(providerContactMail(PROVIDER_CONTACT_EMAIL, outcome.mail));
}
