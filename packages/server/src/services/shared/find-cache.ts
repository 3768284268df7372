/**
 * A small per-process cache of find answers, keyed by company and query. The embedded database has one
 * connection, so many users loading the same master data at once would queue behind each other; answers
 * are reused until a write to that company's records (seen as a service event, which with REDIS_URL also
 * arrives from other instances) invalidates them, and never longer than `ttlMs`.
 */
export class FindCache<T> {
  private readonly entries = new Map<string, { company: number; until: number; value: Promise<T> }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  /** The cached answer for this company and query, or the loader's (shared by concurrent callers). */
  get(company: number, query: unknown, load: () => Promise<T>): Promise<T> {
    const key = `${company}:${JSON.stringify(query)}`
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.until > now) return hit.value
    if (this.entries.size >= this.maxEntries) this.entries.clear()
    const value = load()
    this.entries.set(key, { company, until: now + this.ttlMs, value })
    // A failed load is not kept.
    value.catch(() => this.entries.delete(key))
    return value
  }

  /** Forgets every answer of a company (after a write to its records). */
  invalidate(company: number): void {
    for (const [key, entry] of this.entries) if (entry.company === company) this.entries.delete(key)
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear()
  }
}
