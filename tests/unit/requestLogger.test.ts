// Each request's logger (server/infra/requestLogger.ts): the pino child Fastify would make, made only when a line
// at an enabled level is written; its lines carry the request's bindings and pass the redaction.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../../server/infra/requestLogger';

function parentWriting(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const parent = pino({ level, redact: ['token', '*.token'] }, stream);
  let children = 0;
  const child = parent.child.bind(parent);
  parent.child = ((...args: Parameters<typeof parent.child>) => {
    children++;
    return child(...args);
  }) as typeof parent.child;
  return { parent, lines, children: () => children };
}

describe('lazyChildLogger', () => {
  it('makes no child for lines below the level, and one for the first line at it', () => {
    const { parent, lines, children } = parentWriting('warn');
    const log = lazyChildLogger(parent, { reqId: 'req-1' });
    log.info({ a: 1 }, 'incoming request');
    log.debug('detail');
    expect(children()).toBe(0);
    log.warn({ token: 'secret', body: { token: 'secret' } }, 'careful');
    log.error('failed');
    expect(children()).toBe(1);
    expect(lines.map((line) => [line.reqId, line.msg, line.token])).toEqual([
      ['req-1', 'careful', '[Redacted]'],
      ['req-1', 'failed', undefined],
    ]);
    expect((lines[0]!.body as { token: string }).token).toBe('[Redacted]');
    expect(log.level).toBe('warn');
  });

  it("gives a route's own level its own child at once", () => {
    const { parent, lines } = parentWriting('warn');
    const log = lazyChildLogger(parent, { reqId: 'req-2' }, { level: 'info' });
    log.info('shown');
    expect(lines.map((line) => line.msg)).toEqual(['shown']);
  });
});
