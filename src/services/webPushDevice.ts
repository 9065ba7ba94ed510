// This browser's side of Web Push for mi-perfil's card: whether it can receive at all, whether the person blocked
// it, its subscription to the push service (made with the server's VAPID key through the app's service worker,
// src/sw.ts), and the whole of turning it on or off, the server told through src/services/pushService.ts.
import type { PushKindSetting, PushSubscribeRequest } from '../api/push';
import { fetchPushSettings, pushSubscribed, removePushSubscription, savePushSubscription } from './pushService';

/** What this device is, for the card: it cannot receive, the person blocked it, or it receives or not. */
export type PushDevice = 'unsupported' | 'blocked' | 'on' | 'off';

export interface PushOverview {
  device: PushDevice;
  publicKey: string;
  kinds: PushKindSetting[];
}

/** How turning on ended: on, refused by the person for good (blocked), or the question closed unanswered. */
export type TurnOnOutcome = 'on' | 'blocked' | 'dismissed';

/** How long the card waits for the app's service worker (it registers once the page has loaded). */
const WORKER_WAIT_MS = 10_000;

/** Web Push needs a service worker, the Push API and notifications; iOS has them only in an installed app. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The app's worker registration, or null when none comes (the dev server registers none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const none = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, none]);
  } finally {
    clearTimeout(timer);
  }
}

/** base64url text as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (a new server key needs a new subscription). */
function madeWith(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const wanted = keyBytes(publicKey);
  const have = new Uint8Array(key);
  return have.length === wanted.length && have.every((byte, i) => byte === wanted[i]);
}

/** The card's first look: the server's key and kinds, and this device's state. */
export async function loadPush(signal?: AbortSignal): Promise<PushOverview> {
  const { publicKey, kinds } = await fetchPushSettings(signal);
  const overview = (device: PushDevice): PushOverview => ({ device, publicKey, kinds });
  if (!pushSupported()) return overview('unsupported');
  if (Notification.permission === 'denied') return overview('blocked');
  const worker = await registration();
  if (!worker) return overview('unsupported');
  const subscription = await worker.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted' || !madeWith(subscription, publicKey)) return overview('off');
  return overview((await pushSubscribed(subscription.endpoint, signal)) ? 'on' : 'off');
}

/** Asks the person, subscribes with the server's key, and hands the subscription to the server. */
export async function turnPushOn(publicKey: string, signal?: AbortSignal): Promise<TurnOnOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const worker = await registration();
  if (!worker) throw new Error('no service worker');
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !madeWith(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await savePushSubscription(subscription.toJSON() as PushSubscribeRequest, signal);
  return 'on';
}

/** The server forgets this browser, then the browser its subscription. */
export async function turnPushOff(signal?: AbortSignal): Promise<void> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  await removePushSubscription(subscription.endpoint, signal);
  await subscription.unsubscribe();
}
