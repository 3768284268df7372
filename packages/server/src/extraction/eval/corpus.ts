import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** Ground truth of one document as the corpora state it (null: not stated). */
export type GroundTruth = Record<string, unknown>

/** The part of a corpus a document belongs to: rules and thresholds are tuned on one, measured on the other. */
export type CorpusPart = 'tuning' | 'held-out'

/** Share of split groups held out, in percent. */
export const HELD_OUT_PERCENT = 30

/**
 * The fixed split of the corpora: a split group (the versions of one sample invoice stay together) is held out when
 * the first 32 bits of the SHA-256 of its name, modulo 100, are below HELD_OUT_PERCENT. It depends on nothing but the
 * group's name, so it never moves between runs or machines, and a group added later falls on one side for good.
 */
export function partOfGroup(splitGroup: string): CorpusPart {
  const hash = createHash('sha256').update(splitGroup).digest()
  return hash.readUInt32BE(0) % 100 < HELD_OUT_PERCENT ? 'held-out' : 'tuning'
}

/** One document of a corpus with its ground truth. */
export interface CorpusDocument {
  docId: string
  set: string
  file: string
  fileNoxml: string | null
  splitGroup: string
  /** Tuning or held-out: the manifest's `part` (the generated Austrian seeds), else by the hash of the split group. */
  part: CorpusPart
  truth: GroundTruth
}

interface ManifestEntry {
  doc_id: string
  file: string
  file_noxml?: string
  ground_truth: string
  split_group?: string
  part?: CorpusPart
}

/** Manifest paths are relative to the corpora root (the set's parent); a set copied alone resolves locally. */
function resolvePath(setDir: string, path: string): string {
  const fromParent = resolve(dirname(setDir), path)
  if (existsSync(fromParent)) return fromParent
  return resolve(setDir, path.split('/').slice(1).join('/'))
}

function readSet(setDir: string): CorpusDocument[] {
  const manifest = JSON.parse(readFileSync(join(setDir, 'manifest.json'), 'utf8')) as {
    source?: string
    documents: ManifestEntry[]
  }
  return manifest.documents.map((entry) => ({
    docId: entry.doc_id,
    set: manifest.source ?? setDir,
    file: resolvePath(setDir, entry.file),
    fileNoxml: entry.file_noxml ? resolvePath(setDir, entry.file_noxml) : null,
    splitGroup: entry.split_group ?? entry.doc_id,
    part: entry.part ?? partOfGroup(entry.split_group ?? entry.doc_id),
    truth: JSON.parse(readFileSync(resolvePath(setDir, entry.ground_truth), 'utf8')) as GroundTruth,
  }))
}

/** Reads a corpus folder: one set (manifest.json inside) or a root whose sub-folders are sets. */
export function readCorpus(dir: string): CorpusDocument[] {
  const root = resolve(dir)
  if (existsSync(join(root, 'manifest.json'))) return readSet(root)
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'manifest.json')))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => readSet(join(root, entry.name)))
}
