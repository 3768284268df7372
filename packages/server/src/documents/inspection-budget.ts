import type { Application } from '../declarations'

/**
 * Lets work that holds whole files in memory run only while their sizes together stay within a budget
 * (a single file larger than the budget runs alone), so parallel uploads wait their turn instead of adding
 * up. Waiters are served in arrival order.
 */
export class ByteBudget {
  private used = 0
  private readonly waiting: { bytes: number; grant: () => void }[] = []

  constructor(private readonly limit: number) {}

  /** Runs `work` once `bytes` fit in the budget, and gives them back when it settles. */
  async use<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    const take = Math.max(1, Math.min(bytes, this.limit))
    await this.acquire(take)
    try {
      return await work()
    } finally {
      this.release(take)
    }
  }

  private acquire(bytes: number): Promise<void> {
    if (this.waiting.length === 0 && this.used + bytes <= this.limit) {
      this.used += bytes
      return Promise.resolve()
    }
    return new Promise((grant) => this.waiting.push({ bytes, grant }))
  }

  private release(bytes: number): void {
    this.used -= bytes
    while (this.waiting.length > 0 && this.used + this.waiting[0].bytes <= this.limit) {
      const next = this.waiting.shift()!
      this.used += next.bytes
      next.grant()
    }
  }
}

const budgets = new WeakMap<object, ByteBudget>()

/** This server's budget for reading accepted uploads whole (inspection): one largest-allowed file at a time. */
export function inspectionBudget(app: Application): ByteBudget {
  let budget = budgets.get(app)
  if (!budget) {
    budget = new ByteBudget(app.get('config').maxUploadBytes)
    budgets.set(app, budget)
  }
  return budget
}
