import type { DataProvider } from 'react-admin';

/**
 * The server's message of each record a create, update or delete answered, for the success
 * toast (the spec: "other successes show the server's message"). react-admin's mutation hooks
 * hand `onSuccess` the record only and drop the answer's `meta`, so the message is kept here,
 * looked up by the record object itself, which is the one `onSuccess` receives.
 */
const messages = new WeakMap<object, string>();

/** The server's message for a record that a write answered. */
export function writeMessage(record: unknown): string | undefined {
  return record && typeof record === 'object' ? messages.get(record) : undefined;
}

type Answer = { data: unknown; meta?: { message?: unknown } };

function remember<T extends Answer>(answer: T): T {
  const { data, meta } = answer;
  if (data && typeof data === 'object' && typeof meta?.message === 'string' && meta.message) {
    messages.set(data, meta.message);
  }
  return answer;
}

/** The same provider, whose writes' messages `writeMessage` can read (App wraps every provider). */
export function withWriteMessages<Provider extends DataProvider>(provider: Provider): Provider {
  return {
    ...provider,
    create: (resource, params) => provider.create(resource, params).then(remember),
    update: (resource, params) => provider.update(resource, params).then(remember),
    delete: (resource, params) => provider.delete(resource, params).then(remember),
  };
}
