// Web Push (src/api/push.ts) as the contract shapes it: the server's key, the kinds as a person set them, and what
// the card's first look finds on a device. Plain values: models, machine, view and unit tests take the same facts.
import { PUSH_KINDS, type PushKindSetting, type PushSettingsAnswer } from '../../src/api/push';
import type { PushOverview } from '../../src/services/webPushDevice';

/** A P-256 public key, uncompressed, base64url: what the server hands pushManager.subscribe. */
export const PUSH_PUBLIC_KEY = 'BE86m9NymXrYt_axYBRreI4Kq0ZGe2dmsWnWnTeA5MrHe4CKwRAaZAbklaEXyw1jPW7BVKny9hIjN0TVkMPwoaU';

/** Every kind on, as for anyone who never changed one. */
export const ALL_KINDS_ON: PushKindSetting[] = PUSH_KINDS.map((kind) => ({ kind, enabled: true }));

export const PUSH_SETTINGS: PushSettingsAnswer = { success: true, publicKey: PUSH_PUBLIC_KEY, kinds: ALL_KINDS_ON };

/** The card's first look on a device in each state. */
export const overviewOf = (device: PushOverview['device'], kinds = ALL_KINDS_ON): PushOverview => ({
  device,
  publicKey: PUSH_PUBLIC_KEY,
  kinds,
});
