import { internalsIn, statusClass, type Answer } from './answers'

/** Why an input failed. */
export type FailureKind = '5xx' | 'crash' | 'hang' | 'internals' | 'wrong' | 'fuzzer'

/** One failing input, with what is needed to repeat it (category, index, seed) and to read why. */
export interface Failure {
  category: string
  index: number
  description: string
  kind: FailureKind
  status: number | string
  detail: string
  answer: string
}

/** Counts of one category. */
export interface CategoryCounts {
  inputs: number
  '2xx': number
  '3xx': number
  '4xx': number
  '5xx': number
  closed: number
  crashes: number
  hangs: number
  internals: number
  wrong: number
}

const emptyCounts = (): CategoryCounts => ({ inputs: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, closed: 0, crashes: 0, hangs: 0, internals: 0, wrong: 0 })

/** Collects the outcome of every input and renders the table and the failure list. */
export class Tally {
  readonly categories = new Map<string, CategoryCounts>()
  readonly failures: Failure[] = []
  /** Rows computed after the run (not inputs sent), shown below the total. */
  private readonly derived = new Set<string>()

  private counts(category: string): CategoryCounts {
    let counts = this.categories.get(category)
    if (!counts) {
      counts = emptyCounts()
      this.categories.set(category, counts)
    }
    return counts
  }

  /** Records an input's answer and judges it: 5xx, internals in the text, a broken expectation. */
  answer(category: string, index: number, description: string, answer: Answer): void {
    const counts = this.counts(category)
    counts.inputs++
    counts[statusClass(answer.status)]++
    const fail = (kind: FailureKind, detail: string) =>
      this.failures.push({ category, index, description, kind, status: answer.status, detail, answer: answer.body.slice(0, 200) })
    if (answer.status >= 500) fail('5xx', `answered ${answer.status}`)
    const internals = internalsIn(answer.body)
    if (internals) {
      counts.internals++
      fail('internals', `the answer shows a ${internals}`)
    }
    if (answer.wrong) {
      counts.wrong++
      fail('wrong', answer.wrong)
    }
  }

  /** Records an input that got no answer in time. */
  hang(category: string, index: number, description: string, ms: number): void {
    const counts = this.counts(category)
    counts.inputs++
    counts.hangs++
    this.failures.push({ category, index, description, kind: 'hang', status: 'none', detail: `no answer within ${ms} ms`, answer: '' })
  }

  /** Records an input in flight when the server process died. */
  crash(category: string, index: number, description: string, how: string): void {
    const counts = this.counts(category)
    counts.inputs++
    counts.crashes++
    this.failures.push({ category, index, description, kind: 'crash', status: 'none', detail: `the server died (${how}) while this input was in flight`, answer: '' })
  }

  /** Records an input the fuzzer itself failed to send (its own bug): listed, so it is fixed rather than hidden. */
  error(category: string, index: number, description: string, error: unknown): void {
    this.counts(category).inputs++
    this.failures.push({ category, index, description, kind: 'fuzzer', status: 'none', detail: `the fuzzer failed: ${String(error).slice(0, 200)}`, answer: '' })
  }

  /** Adds a row computed after the run (the extraction check); it is shown below the total, not counted as inputs. */
  add(category: string, counts: Partial<CategoryCounts>, failures: Failure[] = []): void {
    this.derived.add(category)
    const target = this.counts(category)
    for (const [key, value] of Object.entries(counts)) target[key as keyof CategoryCounts] += value
    this.failures.push(...failures)
  }

  /** Total inputs sent. */
  get inputs(): number {
    return [...this.categories].reduce((sum, [name, c]) => sum + (this.derived.has(name) ? 0 : c.inputs), 0)
  }

  /** The table: one row per category and a total. */
  table(): string {
    const header = ['category', 'inputs', '2xx', '3xx', '4xx', '5xx', 'closed', 'crashes', 'hangs', 'internals', 'wrong']
    const keys = header.slice(1) as (keyof CategoryCounts)[]
    const total = emptyCounts()
    const row = (name: string, counts: CategoryCounts) => [name, ...keys.map((key) => String(counts[key]))]
    const sent = [...this.categories].filter(([name]) => !this.derived.has(name))
    for (const [, counts] of sent) for (const key of keys) total[key] += counts[key]
    const rows = sent.map(([name, counts]) => row(name, counts))
    const totalRow = row('total', total)
    const after = [...this.categories].filter(([name]) => this.derived.has(name)).map(([name, counts]) => row(name, counts))
    const widths = header.map((h, i) => Math.max(h.length, ...[...rows, totalRow, ...after].map((r) => r[i].length)))
    const line = (cells: string[]) => cells.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ')
    const rule = widths.map((w) => '-'.repeat(w)).join('  ')
    return [line(header), rule, ...rows.map(line), rule, line(totalRow), ...(after.length ? [rule, ...after.map(line)] : [])].join('\n')
  }
}
