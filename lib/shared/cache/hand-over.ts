/**
 * What one side of a review hands the next within one run, per cache store (docs/cache.md,
 * "Within one run"): from `start` until `stop`, a side compiling with that store finds the
 * hand-over's state; after `lastSide` that side only takes, it keeps nothing for a side after it.
 * One slot per kind of thing handed on (a file's checked rows, the conflict index).
 */
export interface HandOverSide {
  lastSide(): void;
  stop(): void;
}

export function handOverSlot<S extends object>(fresh: () => S) {
  const byStore = new WeakMap<object, S & { last: boolean }>();
  return {
    start(store: object): HandOverSide {
      const state = { ...fresh(), last: false };
      byStore.set(store, state);
      return {
        lastSide: () => {
          state.last = true;
        },
        stop: () => {
          Object.assign(state, fresh()); // what was handed and not taken is let go
          if (byStore.get(store) === state) byStore.delete(store);
        },
      };
    },
    /** The state of the hand-over `store` takes part in, if any. */
    of: (store: object | undefined) => (store === undefined ? undefined : byStore.get(store)),
  };
}

/**
 * A hand-over of one value per file: the next side takes a file's value (and so lets it go), and
 * a side keeps one only while a side after it will take it (not after `lastSide`).
 */
export function perFileHandOver<V>() {
  const slot = handOverSlot(() => ({ byFile: new Map<string, V>() }));
  return {
    start: slot.start,
    take(store: object, file: string): V | undefined {
      const state = slot.of(store);
      const value = state?.byFile.get(file);
      state?.byFile.delete(file);
      return value;
    },
    keep(store: object, file: string, value: V): void {
      const state = slot.of(store);
      if (state && !state.last) state.byFile.set(file, value);
    },
  };
}
