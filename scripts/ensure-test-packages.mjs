#!/usr/bin/env node
// Runs before `npm test` and `npm run test:integration`: the Debian packages the tests use must be installed.
// As root on Debian it installs the missing ones with apt-get (never a browser from anywhere else); without root
// it stops at once with the command to run. Silent and a few milliseconds when everything is there.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Debian packages the tests use, each with the file that shows it is installed (later issues add theirs here). */
const TEST_PACKAGES = [
  // The browser tests drive Debian's Chromium through playwright-core; CHROMIUM_PATH may name another one.
  { name: 'chromium', file: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
  // The native OCR engine and its German and English models (docs/ocr.md), so the tests read scans with both engines.
  { name: 'tesseract-ocr', file: '/usr/bin/tesseract' },
  { name: 'tesseract-ocr-deu', file: '/usr/share/tesseract-ocr/5/tessdata/deu.traineddata' },
  { name: 'tesseract-ocr-eng', file: '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata' },
  // The scanner e2e test posts scans as a scanning station does, with curl (docs/office-setup.md).
  { name: 'curl', file: '/usr/bin/curl' },
  // A real S3 server for the document store on S3: Ceph's radosgw on a single-node cluster (tests/support/radosgw.ts).
  { name: 'ceph-mon', file: '/usr/bin/ceph-mon' },
  { name: 'ceph-osd', file: '/usr/bin/ceph-osd' },
  { name: 'radosgw', file: '/usr/bin/radosgw' },
]

const missing = TEST_PACKAGES.filter((pkg) => !existsSync(pkg.file))
if (missing.length === 0) process.exit(0)

const names = missing.map((pkg) => pkg.name)
const install = `apt-get install -y --no-install-recommends ${names.join(' ')}`
const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get')
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

if (!isDebian) {
  fail(
    `The tests need ${missing.map((pkg) => `${pkg.name} (${pkg.file})`).join(', ')}, which this machine lacks and only ` +
      'Debian can install here: install them with your package manager (set CHROMIUM_PATH to a Chromium binary).',
  )
}
if (!isRoot) fail(`The tests need Debian packages that are not installed: ${names.join(', ')}. Run: sudo apt-get update && sudo ${install}`)

process.stderr.write(`Installing the Debian packages the tests use: ${names.join(', ')} (apt-get update && ${install})\n`)
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
for (const args of [['update', '-qq'], ['install', '-qq', '-y', '--no-install-recommends', ...names]]) {
  // apt's own output is shown only when it fails, so a good run stays the one line above.
  const result = spawnSync('apt-get', args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
    fail(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`)
  }
}
const stillMissing = missing.filter((pkg) => !existsSync(pkg.file))
if (stillMissing.length > 0) fail(`apt-get installed ${names.join(', ')}, but ${stillMissing.map((pkg) => pkg.file).join(', ')} is still missing.`)

/** Stops the test run with a message. */
function fail(message) {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}
