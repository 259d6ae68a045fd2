import type { QueuedAction, QueueStore } from './queue';

const DB_NAME = 'rider-app';
const STORE = 'actions';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * The queue in IndexedDB, which keeps it across reloads, a closed tab and a phone restart, and
 * holds the proof photos as Blobs. Keys increase with each action, so reading by key is the
 * order the rider made them.
 */
export function indexedDbQueueStore(factory: IDBFactory = indexedDB): QueueStore {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = null;
        reject(request.error);
      };
    });
    return opening;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await open()).transaction(STORE, mode).objectStore(STORE);

  return {
    async add(action) {
      const { id: _id, ...rest } = action;
      const id = await done((await store('readwrite')).add(rest));
      return { ...rest, id: id as number };
    },
    async all() {
      return done((await store('readonly')).getAll() as IDBRequest<QueuedAction[]>);
    },
    async remove(id) {
      await done((await store('readwrite')).delete(id));
    },
  };
}
