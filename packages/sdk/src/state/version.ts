import { APP_VERSION, VERSION_CHECK_INTERVAL_MS } from '../domain/constants'
import type { IntervalTimers } from './timers'

/** A frontend version as the `version` service answers it (§3). */
export interface FrontendVersion {
  readonly semver: { readonly major: number; readonly minor: number; readonly patch: number }
  /** Commits since the release tag; a later build of the same release has a larger distance. */
  readonly distance: number
}

/** The version this SDK was built as (1.6.6). */
export const CURRENT_VERSION: FrontendVersion = {
  semver: { major: APP_VERSION.major, minor: APP_VERSION.minor, patch: APP_VERSION.patch },
  distance: 0,
}

/** Orders two versions by major, then minor, then patch, then distance: negative, zero or positive. */
export function compareVersions(a: FrontendVersion, b: FrontendVersion): number {
  return (
    a.semver.major - b.semver.major ||
    a.semver.minor - b.semver.minor ||
    a.semver.patch - b.semver.patch ||
    a.distance - b.distance
  )
}

/** True when the server's frontend version is newer than the running one (§4 start-up check). */
export function isOutdated(running: FrontendVersion, server: FrontendVersion): boolean {
  return compareVersions(server, running) > 0
}

/** Options of watchVersion. */
export interface WatchVersionOptions {
  readonly running: FrontendVersion
  /** Asks the server (find on `version`). */
  readonly fetchVersion: () => Promise<FrontendVersion>
  readonly timers: IntervalTimers
  /** Called once, when the server is first seen newer ('Application out of date. Please reload.'). */
  readonly onOutdated: (server: FrontendVersion) => void
  /** Called when a check fails; the next one runs as planned. */
  readonly onError?: (error: unknown) => void
  readonly intervalMs?: number
}

/** Checks the server's version now and each minute until outdated or stopped; returns stop. */
export function watchVersion(options: WatchVersionOptions): () => void {
  let stopped = false
  const check = async (): Promise<void> => {
    try {
      const server = await options.fetchVersion()
      if (!stopped && isOutdated(options.running, server)) {
        stop()
        options.onOutdated(server)
      }
    } catch (error) {
      if (!stopped) options.onError?.(error)
    }
  }
  const handle = options.timers.setInterval(() => void check(), options.intervalMs ?? VERSION_CHECK_INTERVAL_MS)
  const stop = (): void => {
    if (stopped) return
    stopped = true
    options.timers.clearInterval(handle)
  }
  void check()
  return stop
}
