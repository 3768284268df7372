import type { CorpusDocument, CorpusPart } from './corpus'
import { seededRandom } from '../ocr/scan-image'

/**
 * A fixed, seeded sample of `size` documents of one part: the split groups in a seeded order, one document from each
 * in turn (the corpora repeat a few sample invoices; a sample of one group's versions would measure one invoice), the
 * documents of a group in a seeded order too. The same seed and corpus give the same sample on every machine.
 */
export function seededSample(docs: readonly CorpusDocument[], part: CorpusPart, size: number, seed: number): CorpusDocument[] {
  const random = seededRandom(seed)
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1))
      ;[items[i], items[j]] = [items[j], items[i]]
    }
    return items
  }
  const groups = new Map<string, CorpusDocument[]>()
  for (const doc of [...docs].filter((d) => d.part === part).sort((a, b) => a.docId.localeCompare(b.docId))) {
    groups.set(doc.splitGroup, [...(groups.get(doc.splitGroup) ?? []), doc])
  }
  const queues = shuffle([...groups.keys()].sort()).map((group) => shuffle(groups.get(group)!))
  const out: CorpusDocument[] = []
  while (out.length < size && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) if (queue.length > 0 && out.length < size) out.push(queue.shift()!)
  }
  return out
}
