/**
 * IndexedDB in promises, the one way the app keeps data on the device beyond local storage (answers
 * waiting for the network: speaking runs, review answers; the review's due cards for offline use).
 */

/** Resolves with the request's result, rejects with its error. */
export function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** A database opened once, on first use; `upgrade` creates its stores (version 1 → `version`). */
export function idbDatabase(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase, oldVersion: number) => void,
) {
  let opening: Promise<IDBDatabase> | null = null;
  const database = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name, version);
      open.onupgradeneeded = (ev) => upgrade(open.result, ev.oldVersion);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB cannot be opened'));
    }).catch((err: unknown) => {
      // A failed open (private mode, a blocked upgrade) may work on the next try.
      opening = null;
      throw err;
    });
    return opening;
  };
  return {
    /** One store of the database in a transaction of its own. */
    async store(storeName: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
      return (await database()).transaction(storeName, mode).objectStore(storeName);
    },
  };
}
