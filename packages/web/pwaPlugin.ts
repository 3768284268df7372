import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { build as esbuild } from 'esbuild'
import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { documents as enDocuments } from '../sdk/src/i18n/locales/en/documents'
import { documents as deDocuments } from '../sdk/src/i18n/locales/de/documents'
import { buildManifest, MANIFEST_ICONS, manifestPath } from './src/pwa/manifest'
import { SHELL_PAGE } from './src/pwa/shellCache'

const WORKER_SOURCE = fileURLToPath(new URL('./src/pwa/sw.ts', import.meta.url))
const MANIFEST_TEXTS = { en: enDocuments.installedApp, de: deDocuments.installedApp }

/** The chunks `roots` and the chunks they import statically, with their styles, as the paths the worker keeps. */
function chunksWithImports(bundle: OutputBundle, roots: (chunk: OutputChunk) => boolean): string[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const files = new Set<string>()
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return
    files.add(chunk.fileName)
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss
    css?.forEach((file) => files.add(file))
    chunk.imports.forEach((name) => visit(byName.get(name)))
  }
  chunks.filter(roots).forEach(visit)
  return [...files].map((file) => `/${file}`)
}

/**
 * What an app started offline needs beyond the first load, kept at install since no page may have fetched it yet: the
 * offline capture screen (src/pwa/OfflineCapture.tsx) and the texts of both languages (the i18n bundles).
 */
const OFFLINE_MODULES = /[\\/]src[\\/]pwa[\\/]OfflineCapture\.tsx$|[\\/]i18n[\\/]bundles[\\/](en|de)-(core|screens)\.ts$/

/**
 * The installable portal (issue 36): writes the web app manifest of each language and the service worker (src/pwa/
 * sw.ts, bundled with the list of the shell's files and a version made from them). Build only; the dev server has
 * neither.
 */
export function pwaPlugin(): Plugin {
  return {
    name: 'portal-pwa',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const [language, texts] of Object.entries(MANIFEST_TEXTS)) {
        this.emitFile({ type: 'asset', fileName: manifestPath(language).slice(1), source: `${JSON.stringify(buildManifest(language, texts), null, 2)}\n` })
      }
      const files = [
        SHELL_PAGE,
        ...new Set([
          ...chunksWithImports(bundle as unknown as OutputBundle, (chunk) => chunk.isEntry),
          ...chunksWithImports(bundle as unknown as OutputBundle, (chunk) => OFFLINE_MODULES.test(chunk.facadeModuleId ?? '')),
        ]),
        ...Object.keys(MANIFEST_TEXTS).map(manifestPath),
        ...MANIFEST_ICONS.map((icon) => icon.src),
      ]
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16)
      const worker = await esbuild({
        entryPoints: [WORKER_SOURCE],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2022',
        define: { PORTAL_SHELL: JSON.stringify({ version, files }) },
      })
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.outputFiles[0]!.text })
    },
  }
}
