import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (the recovery e-mail), so the answer does not
 * depend on it. Failures are logged; `idle()` resolves once everything started has settled, and
 * the server waits for it before it closes.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
