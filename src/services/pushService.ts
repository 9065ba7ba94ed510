// Browser side of Web Push (src/api/push.ts): mi-perfil's card asks the server for the key and the kinds, and tells
// it which browser receives (the browser's own side: src/services/webPushDevice.ts).
import {
  PUSH_PATHS,
  PushDoneAnswer,
  type PushKindRequest,
  PushSettingsAnswer,
  PushStatusAnswer,
  type PushSubscribeRequest,
} from '../api/push';
import { apiPath, call, http } from './http';

export function fetchPushSettings(signal?: AbortSignal): Promise<PushSettingsAnswer> {
  return call(() => http.get(apiPath(PUSH_PATHS.settings), { signal }), PushSettingsAnswer);
}

export async function pushSubscribed(endpoint: string, signal?: AbortSignal): Promise<boolean> {
  return (await call(() => http.post(apiPath(PUSH_PATHS.status), { json: { endpoint }, signal }), PushStatusAnswer)).subscribed;
}

export async function savePushSubscription(subscription: PushSubscribeRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(PUSH_PATHS.subscribe), { json: subscription, signal }), PushDoneAnswer);
}

export async function removePushSubscription(endpoint: string, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(PUSH_PATHS.unsubscribe), { json: { endpoint }, signal }), PushDoneAnswer);
}

export async function savePushKind(request: PushKindRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(PUSH_PATHS.kind), { json: request, signal }), PushDoneAnswer);
}
