/**
 * The portal's service worker (issue 36): keeps the app shell so the portal opens and the capture screen works
 * without a connection; what it may cache is decided by shellCache.ts (never documents, API answers or anything
 * personal). The build (pwaPlugin.ts) bundles this file into /sw.js with the shell's file list and version in front.
 */
import { decideShellRequest, SHELL_PAGE } from './shellCache'

/** Set by the build: the shell's files and the build's version (a new build gets a new cache and drops the old). */
declare const PORTAL_SHELL: { version: string; files: string[] }

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  respondWith(response: Promise<Response>): void
}
interface WorkerScope {
  location: Location
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
}

const worker = self as unknown as WorkerScope
const CACHE = `portal-shell-${PORTAL_SHELL.version}`
const shellFiles = new Set(PORTAL_SHELL.files)

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PORTAL_SHELL.files))
      .then(() => worker.skipWaiting()),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('portal-shell-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  )
})

/** A shell file from the cache, else from the network (kept when it came whole). */
async function shellFile(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone())
  return response
}

/** A page from the network; the kept start page when the network fails (the app then runs offline). */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (error) {
    const cached = await (await caches.open(CACHE)).match(SHELL_PAGE)
    if (cached) return cached
    throw error
  }
}

worker.addEventListener('fetch', (event) => {
  const decision = decideShellRequest(event.request, worker.location.origin, shellFiles)
  if (decision === 'shell') event.respondWith(shellFile(event.request))
  else if (decision === 'page') event.respondWith(page(event.request))
})
