// Which PAC the server stamps with, from the environment (docs/pac-adapters.md): PAC=sandbox (the default) or
// PAC=finkok with PAC_URL, PAC_USER and PAC_PASSWORD. A real PAC named without its settings is a start-up error,
// not a sandbox in disguise.
import type { PacAdapter } from './adapter';
import { createFinkokPac } from './finkok';
import { createSandboxPac, type SandboxPacOptions } from './sandbox';

export interface PacDeps {
  /** The server's clock, for the sandbox's 72-hour check and its FechaTimbrado. */
  now?: () => Date;
  /** The engine's cadena original, so the sandbox checks the seal. */
  cadenaOf?: (xml: string) => string;
  validate?: SandboxPacOptions['validate'];
  fetch?: typeof fetch;
}

export const PAC_NAMES = ['sandbox', 'finkok'] as const;

export function pacFromConfig(env: NodeJS.ProcessEnv, deps: PacDeps = {}): PacAdapter {
  const name = (env.PAC ?? 'sandbox').trim().toLowerCase() || 'sandbox';
  if (name === 'sandbox') {
    const options: SandboxPacOptions = {};
    if (deps.now) options.now = deps.now;
    if (deps.cadenaOf) options.cadenaOf = deps.cadenaOf;
    if (deps.validate) options.validate = deps.validate;
    return createSandboxPac(options);
  }
  if (name === 'finkok') {
    const url = env.PAC_URL;
    const username = env.PAC_USER;
    const password = env.PAC_PASSWORD;
    if (!url || !username || !password) throw new Error('PAC=finkok needs PAC_URL, PAC_USER and PAC_PASSWORD');
    return createFinkokPac({ url, username, password, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  }
  throw new Error(`PAC=${name} is not one of: ${PAC_NAMES.join(', ')}`);
}
