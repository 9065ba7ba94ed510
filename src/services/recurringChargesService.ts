// Browser side of Cargos automáticos (src/api/recurringCharges.ts). A refused amount comes back as a typed
// result with the server's words; anything else throws ApiError.
import {
  RECURRING_CHARGES_PATHS,
  type RecurringCharge,
  RecurringChargeAnswer,
  RecurringChargesAnswer,
  type UpdateAmountRequest,
} from '../api/recurringCharges';
import { OkAnswer } from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';

export type UpdateAmountResult = { kind: 'saved'; charge: RecurringCharge } | { kind: 'refused'; message: string };

export async function listRecurringCharges(signal?: AbortSignal): Promise<RecurringCharge[]> {
  const answer = await call(() => http.get(apiPath(RECURRING_CHARGES_PATHS.list), { signal }), RecurringChargesAnswer);
  return answer.data;
}

export async function updateRecurringChargeAmount(
  request: UpdateAmountRequest,
  signal?: AbortSignal,
): Promise<UpdateAmountResult> {
  try {
    const answer = await call(
      () => http.post(apiPath(RECURRING_CHARGES_PATHS.updateAmount), { json: request, signal }),
      RecurringChargeAnswer,
    );
    return { kind: 'saved', charge: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.field === 'monto')
      return { kind: 'refused', message: error.message };
    throw error;
  }
}

export async function cancelRecurringCharge(id: number, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(RECURRING_CHARGES_PATHS.cancel), { json: { id }, signal }), OkAnswer);
}

/** "Quitar tarjeta": the charge as it stays, without its card. */
export async function removeRecurringChargeCard(id: number, signal?: AbortSignal): Promise<RecurringCharge> {
  const answer = await call(
    () => http.post(apiPath(RECURRING_CHARGES_PATHS.removeCard), { json: { id }, signal }),
    RecurringChargeAnswer,
  );
  return answer.data;
}
