// Browser side of paying online (src/api/checkout.ts): what a dwelling owes and how it may pay, opening a checkout,
// reading it back on the result page, the sandbox provider's own page, and the administrators' settings. A refusal in the server's words (a
// charge already paid, the condominium not taking payments online) comes back as a typed result; anything else
// throws ApiError.
import {
  CHECKOUT_PATHS,
  type Checkout,
  CheckoutAnswer,
  type CheckoutOptions,
  CheckoutOptionsAnswer,
  type CheckoutRequest,
  checkoutPath,
  PaymentSettingsAnswer,
  type PaymentSettingsDraft,
  type PaymentSettingsView,
  type SandboxCheckout,
  SandboxCheckoutAnswer,
  type SandboxOutcome,
  SandboxOutcomeAnswer,
  sandboxCheckoutPath,
  sandboxOutcomePath,
} from '../api/checkout';
import { ApiError, apiPath, call, http } from './http';

export type OpenCheckoutResult = { kind: 'opened'; checkout: Checkout } | { kind: 'refused'; message: string };

/** A 4xx with our error body: the server read the request and said no, in words the user can act on. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP' && error.message.trim() !== '';

export async function fetchCheckoutOptions(apartmentId: number, signal?: AbortSignal): Promise<CheckoutOptions> {
  const answer = await call(
    () => http.get(apiPath(CHECKOUT_PATHS.options), { searchParams: { ApartmentId: apartmentId }, signal }),
    CheckoutOptionsAnswer,
  );
  return answer.data;
}

export async function openCheckout(request: CheckoutRequest, signal?: AbortSignal): Promise<OpenCheckoutResult> {
  try {
    const answer = await call(() => http.post(apiPath(CHECKOUT_PATHS.create), { json: request, signal }), CheckoutAnswer);
    return { kind: 'opened', checkout: answer.data };
  } catch (error) {
    if (isRefusal(error)) return { kind: 'refused', message: error.message };
    throw error;
  }
}

export async function fetchCheckout(id: number, signal?: AbortSignal): Promise<Checkout> {
  const answer = await call(() => http.get(apiPath(checkoutPath(id)), { signal }), CheckoutAnswer);
  return answer.data;
}

export async function fetchSandboxCheckout(ref: string, signal?: AbortSignal): Promise<SandboxCheckout> {
  const answer = await call(() => http.get(apiPath(sandboxCheckoutPath(ref)), { signal }), SandboxCheckoutAnswer);
  return answer.data;
}

export async function sendSandboxOutcome(ref: string, outcome: SandboxOutcome, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(sandboxOutcomePath(ref, outcome)), { signal }), SandboxOutcomeAnswer);
}

/** The administrators' settings, the providers offered and the accounts to choose from. */
export async function loadPaymentSettings(signal?: AbortSignal): Promise<PaymentSettingsView> {
  return (await call(() => http.get(apiPath(CHECKOUT_PATHS.settings), { signal }), PaymentSettingsAnswer)).data;
}

/** Saves them; a refusal (a bad value, an account that is not the condominium's, a provider not offered) throws
 * ApiError with the server's words and the field. */
export async function savePaymentSettings(draft: PaymentSettingsDraft, signal?: AbortSignal): Promise<PaymentSettingsView> {
  return (await call(() => http.post(apiPath(CHECKOUT_PATHS.settings), { json: draft, signal }), PaymentSettingsAnswer)).data;
}
