// Summaries by content hash: a bounded LRU of finished summaries, plus the
// requests in flight, so identical outputs cost one provider call.
import { sha256 } from "../lazy.js";

/** sha256 over length-prefixed parts: ("ab","c") and ("a","bc") never collide. */
export function contentKey(parts: readonly string[]): string {
  const hash = sha256();
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
}

/** Least recently used eviction over a Map (which keeps insertion order). */
export class LruCache<V> {
  private readonly map = new Map<string, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }

  clear(): void {
    this.map.clear();
  }
}
