import { readdir, stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { CliError } from '../../errors'

/** A file to upload. */
export interface LocalFile {
  /** Absolute path. */
  path: string
  /** The path as the user will recognise it in the summary (relative to what they named). */
  label: string
  size: number
}

async function walk(dir: string, label: string, recursive: boolean, out: LocalFile[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true })
  entries.sort((a, b) => a.name.localeCompare(b.name))
  for (const entry of entries) {
    // Hidden files are scanner and OS droppings (.DS_Store, ._x.pdf), not documents.
    if (entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    const childLabel = join(label, entry.name)
    if (entry.isDirectory()) {
      if (recursive) await walk(path, childLabel, recursive, out)
    } else if (entry.isFile()) {
      out.push({ path, label: childLabel, size: (await stat(path)).size })
    }
  }
}

/** Expands the named files and folders (folders one level deep, or all the way with recursive). */
export async function collectFiles(paths: string[], recursive: boolean, cwd = process.cwd()): Promise<LocalFile[]> {
  const out: LocalFile[] = []
  for (const given of paths) {
    const path = resolve(cwd, given)
    const info = await stat(path).catch(() => null)
    if (!info) throw new CliError('errors.notFound', { path: given })
    if (info.isDirectory()) await walk(path, given === '.' ? '' : given, recursive, out)
    else out.push({ path, label: given || basename(path), size: info.size })
  }
  // The same file named twice (a file and its folder) is sent once.
  const seen = new Set<string>()
  return out.filter((file) => !seen.has(file.path) && seen.add(file.path))
}
