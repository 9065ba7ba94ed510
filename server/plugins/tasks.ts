// Work that must not hold up an answer (mail, so forgot-password answers in the same time whether or not
// the address exists). Failures are logged; closing the app waits for what is still running.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Tasks {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has finished (tests wait on it; so does close()). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tasks: Tasks;
  }
}

export default fp(async function tasks(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  app.decorate('tasks', {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) => app.log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  } satisfies Tasks);
  // onClose hooks run last-registered first, so this runs before the database closes.
  app.addHook('onClose', () => app.tasks.drain());
});
