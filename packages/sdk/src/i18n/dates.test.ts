import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatDate } from './dates'

const JANUARY = '2026-01-15T09:30:00Z'

describe('formatDate', () => {
  it('writes German months as Austria does: Jänner, Jän', () => {
    expect(formatDate(JANUARY, 'de', { month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe('Jänner 2026')
    expect(formatDate(JANUARY, 'de', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('15.01.2026')
    expect(formatDate(JANUARY, 'de', { dateStyle: 'long', timeZone: 'UTC' })).toBe('15. Jänner 2026')
    expect(formatDate(JANUARY, 'de-AT', { month: 'short', timeZone: 'UTC' })).toBe('Jän')
  })

  it('writes English dates day first', () => {
    expect(formatDate(JANUARY, 'en', { month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe('January 2026')
    expect(formatDate(JANUARY, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('15 Jan 2026')
  })

  it('writes nothing for no value', () => {
    expect(formatDate(null, 'de')).toBe('')
    expect(formatDate(undefined, 'en')).toBe('')
  })
})

// Every date a user reads goes through formatDate/dateFormat: a screen or command that builds its own
// Intl.DateTimeFormat or calls toLocale*String with the bare language writes "Januar" in German.
const root = fileURLToPath(new URL('../../../../', import.meta.url))
const SOURCES = ['packages/web/src', 'packages/cli/src', 'packages/server/src', 'packages/sdk/src']
/** The formatter itself, and the open-items day (an ISO date computed in Vienna's time zone, not text for a reader). */
const ALLOWED = ['packages/sdk/src/i18n/dates.ts', 'packages/sdk/src/domain/openItems.ts']
const OWN_FORMAT = /new Intl\.DateTimeFormat\(|new Date\(.*\)\.toLocale(Date|Time)?String\(/

describe('one date formatter', () => {
  it('no source outside the SDK formatter formats dates itself', () => {
    const offenders = SOURCES.flatMap((dir) =>
      (readdirSync(join(root, dir), { recursive: true }) as string[])
        .map((name) => `${dir}/${name.split(sep).join('/')}`)
        .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !ALLOWED.includes(path))
        .flatMap((path) =>
          readFileSync(join(root, path), 'utf8')
            .split('\n')
            .flatMap((line, index) => (OWN_FORMAT.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
        ),
    )
    expect(offenders).toEqual([])
  })
})
