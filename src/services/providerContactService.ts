// Browser side of the payment-provider contact dialog (src/api/providerContact.ts).
import { PROVIDER_CONTACT_PATHS, ProviderContactAnswer, type ProviderContactRequest } from '../api/providerContact';
import { apiPath, call, http } from './http';

export async function sendProviderContact(request: ProviderContactRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(PROVIDER_CONTACT_PATHS.contact), { json: request, signal }), ProviderContactAnswer);
}
