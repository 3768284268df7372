/** A seeded pseudo-random source (sfc32), so every fuzz run with the same seed makes the same inputs. */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(readonly seed: number) {
    this.a = 0x9e3779b9
    this.b = 0x243f6a88
    this.c = 0xb7e15162
    this.d = seed >>> 0
    // Mix the seed in before the first draw; sfc32's early outputs are weak otherwise.
    for (let i = 0; i < 15; i++) this.next()
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0
    this.b >>>= 0
    this.c >>>= 0
    this.d >>>= 0
    const t = (this.a + this.b + this.d) >>> 0
    this.d = (this.d + 1) >>> 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) >>> 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) >>> 0
    return t / 4294967296
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** One element of a list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  /** `n` random bytes. */
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n)
    for (let i = 0; i < n; i++) out[i] = (this.next() * 256) | 0
    return out
  }

  /** A random string of `n` characters from `alphabet`. */
  text(n: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let out = ''
    for (let i = 0; i < n; i++) out += alphabet[Math.floor(this.next() * alphabet.length)]
    return out
  }

  /** A child source named by a label, so one category's inputs stay the same when another's change. */
  fork(label: string): Rng {
    let hash = (this.seed ^ 0x811c9dc5) >>> 0
    for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
    return new Rng(hash >>> 0)
  }
}
