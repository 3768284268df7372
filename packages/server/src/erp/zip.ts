import { zipSync, type Zippable } from 'fflate'

/** One file of a batch ZIP. */
export interface ZipEntry {
  name: string
  bytes: Uint8Array
  /** Already compressed (PDF, images): stored as is, which is faster and no larger. */
  stored?: boolean
}

/**
 * Every entry's timestamp: a fixed date, so the same batch gives the same bytes every time it is written (ZIP's DOS
 * time has no zone and starts in 1980).
 */
export const ZIP_FIXED_TIME = new Date(Date.UTC(2000, 0, 1, 0, 0, 0))

/** The ZIP of `entries`, in the given order, with fixed timestamps: byte-identical for the same entries. */
export function buildZip(entries: readonly ZipEntry[]): Uint8Array {
  const files: Zippable = {}
  for (const entry of entries) {
    if (entry.name in files) throw new Error(`Two ZIP entries named ${entry.name}`)
    files[entry.name] = [entry.bytes, { level: entry.stored ? 0 : 6, mtime: ZIP_FIXED_TIME }]
  }
  // fflate writes entries in the object's insertion order; names are never integer-like ('documents/12.pdf').
  return zipSync(files, { mtime: ZIP_FIXED_TIME })
}
