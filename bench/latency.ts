import { percentile, type BenchRow } from './table'

/** Latencies (ms) of `rounds` sequential calls. */
export async function measure(rounds: number, call: (round: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now()
    await call(round)
    samples.push(performance.now() - t0)
  }
  return samples
}

/** p50 and p95 rows of a measured figure; the target, when given, applies to p95. */
export function latencyRows(group: string, metric: string, samples: number[], target?: { text: string; max: number }): BenchRow[] {
  const p95 = percentile(samples, 95)
  return [
    { group, metric: `${metric}, p50`, value: percentile(samples, 50), unit: 'ms' },
    { group, metric: `${metric}, p95`, value: p95, unit: 'ms', target: target?.text, ok: target ? p95 < target.max : undefined },
  ]
}
