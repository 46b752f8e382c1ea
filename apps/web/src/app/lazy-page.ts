import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from './constants';

/** A page's code could not be loaded, or not within the spec §9 chunk timeout. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * React.lazy for a route page (or the shell, or a part loaded when first wanted) exported by
 * name. A failed or slow chunk raises a ChunkLoadError for the route's error boundary, which
 * offers a reload (spec §8).
 */
export function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
) {
  return lazy(async () => {
    try {
      const module = await withTimeout(load(), timeoutMs);
      return { default: pick(module) };
    } catch (error) {
      throw new ChunkLoadError(error);
    }
  });
}
