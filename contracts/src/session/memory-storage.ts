/** The part of the Web Storage API the session store uses. `Storage` (localStorage, sessionStorage) fits. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An in-memory Storage: the fallback where no Web Storage exists (Node, blocked storage) and for tests. */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & {
  readonly length: number;
  clear(): void;
  key(index: number): string | null;
} {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
  };
}
