// A session's device as people name it ("Chrome", "iOS", a phone), from the User-Agent it signed in with.
// Parsed here with bowser, so the browser gets plain names and carries no parser.
import { parse } from 'bowser';
import type { SessionDevice } from '../../src/api/sessions';

const KINDS = new Set<SessionDevice['kind']>(['desktop', 'mobile', 'tablet', 'tv']);

export function describeDevice(userAgent: string | null): SessionDevice {
  if (!userAgent?.trim()) return { browser: null, os: null, kind: null };
  const parsed = parse(userAgent);
  const kind = parsed.platform.type as SessionDevice['kind'];
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    kind: KINDS.has(kind) ? kind : null,
  };
}
