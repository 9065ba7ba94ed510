// Each request's logger, made when the request first writes a line at an enabled level. Fastify makes a pino
// child per request, and pino applies the redaction (app.ts REDACT) to its bindings as it makes one: 2–4 % of a
// read's CPU on a server whose level (warn in production's quiet hours, and the bench) logs nothing of most
// requests (issue 29). The child made is the same pino child Fastify would have made.
import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Line = (...args: unknown[]) => void;

/** Methods on the prototype, state in three fields: one small object per request, nothing else. */
class LazyChild {
  #made: FastifyBaseLogger | null = null;
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildOptions,
  ) {}

  get made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made ? this.#made.level : this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  #line(level: Level, args: unknown[]): void {
    const enabled =
      this.#made !== null || (this.parent as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level);
    if (enabled) (this.made[level] as Line)(...args);
  }

  fatal(...args: unknown[]) {
    this.#line('fatal', args);
  }
  error(...args: unknown[]) {
    this.#line('error', args);
  }
  warn(...args: unknown[]) {
    this.#line('warn', args);
  }
  info(...args: unknown[]) {
    this.#line('info', args);
  }
  debug(...args: unknown[]) {
    this.#line('debug', args);
  }
  trace(...args: unknown[]) {
    this.#line('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions = {}): FastifyBaseLogger {
  // A route of its own level: its lines are not decided by the parent's level.
  if (options && 'level' in options && options.level !== undefined) return parent.child(bindings, options);
  return new LazyChild(parent, bindings, options) as unknown as FastifyBaseLogger;
}
