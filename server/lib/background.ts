import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (the recovery e-mail), so the answer does not
 * depend on it. Failures are logged; `idle()` resolves once everything started has settled, and
 * the server waits for it before it closes.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    /** `taskLog`: the logger of the request that started it, so its lines carry the reqId. */
    run(name: string, task: () => Promise<void>, taskLog: FastifyBaseLogger = log): void {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .catch((err: unknown) => taskLog.error({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
