import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { viteBuildInto } from './web-build'

let folder: string | undefined

/**
 * Builds the web app once for all e2e files (each took its own production build, about 10 s, 21 times a run); every
 * file still gets a copy of its own to serve.
 */
export async function setup(project: TestProject): Promise<void> {
  folder = await mkdtemp(join(tmpdir(), 'portal-web-build-'))
  const dist = join(folder, 'dist')
  await viteBuildInto(dist)
  project.provide('webDist', dist)
}

export async function teardown(): Promise<void> {
  if (folder) await rm(folder, { recursive: true, force: true })
}
