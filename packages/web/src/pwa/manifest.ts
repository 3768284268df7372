// By path, not '@portal/sdk/domain': the Vite config (pwaPlugin.ts) loads this file in Node, where the workspace
// package's TypeScript would not load; files.ts imports nothing.
import { MimeType } from '../../../sdk/src/domain/files'
/**
 * The web app manifest (issue 36), one per language: the installed app's name, colours and icons. The build writes
 * both (pwaPlugin.ts); index.html names the English one and the app points the link at the current language's.
 */

/** The texts of a manifest (the SDK's `documents:installedApp`). */
export interface ManifestTexts {
  name: string
  shortName: string
  description: string
}

/** The brand colour (SPEC §1). */
export const BRAND_COLOUR = '#336699'

/** Where the manifest of `language` is served. */
export function manifestPath(language: string): string {
  return `/manifest-${language}.webmanifest`
}

/** The icons every manifest names (made by scripts/make-icons.mjs, served from public/icons). */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: MimeType.png, purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: MimeType.png, purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: MimeType.png, purpose: 'maskable' },
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
] as const

/** The manifest of one language. The start URL is `/`: the start page sends a client on a phone to the capture. */
export function buildManifest(language: string, texts: ManifestTexts) {
  return {
    id: '/',
    lang: language,
    dir: 'ltr',
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: BRAND_COLOUR,
    icons: MANIFEST_ICONS,
  }
}
