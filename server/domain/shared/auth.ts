// The caller: who the session says is asking, as the auth plugin resolves it (sessions/sessions.ts
// resolveSession) and every guarded route hands it to the domain. Shared: nearly every area's functions take it.
import type { Language } from '../../../src/i18n/languages';

/** The signed-in person as every guarded route sees them. */
export interface Auth {
  sessionId: number;
  userId: number;
  condoId: number;
  membershipId: number;
  /** The profile language: refusals and PDFs speak it. */
  language: Language;
  /** A shift session on a paired gate device (issue 26) names the device; absent or null for a person's own session. */
  deviceId?: number | null;
}
