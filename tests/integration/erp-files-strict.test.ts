import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { writeBookingFile } from '../../packages/server/src/erp/index'
import { sampleInput } from '../../packages/server/src/erp/test-support'
import { checkBmdFile } from '../support/bmd-checker'
import { checkDatevFile } from '../support/datev-checker'

// Issue 31: the booking files pass our own checkers, written from BMD's and DATEV's published field descriptions
// (tests/support/bmd-checker.ts, datev-checker.ts) and not from the writers — the golden files as committed and the
// writers' sample month (domestic rates, §19 reverse charge, an outgoing invoice at three rates, a credit note, a USD
// invoice, a business lunch with Skonto terms, a reversal).

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/erp/${name}`, import.meta.url)))

describe('BMD and DATEV booking files against the published descriptions', () => {
  it('the golden BMD file and the sample month written for BMD pass the BMD checker', () => {
    expect(checkBmdFile(fixture('golden.bmd.csv'))).toEqual([])
    expect(checkBmdFile(writeBookingFile(sampleInput('bmd')).bytes)).toEqual([])
  })

  it('the golden DATEV file and the sample month written for DATEV pass the DATEV checker', () => {
    expect(checkDatevFile(fixture('golden.datev.csv'))).toEqual([])
    expect(checkDatevFile(writeBookingFile(sampleInput('datev')).bytes)).toEqual([])
  })

  it('the checkers refuse what the descriptions forbid', () => {
    const bmd = (row: string) => new TextEncoder().encode(`satzart;konto;gkonto;belegnr;belegdatum;buchcode;prozent;steuercode;betrag;steuer\r\n${row}\r\n`)
    expect(checkBmdFile(bmd('0;330001;5000;1;05.01.2026;2;20;9;-100,00;20,00'))).toEqual([expect.objectContaining({ field: 'steuer', line: 2 })])
    expect(checkBmdFile(bmd('0;330001;5000;1;05.01.2026;2;20;9;-100,00;-20,00'))).toEqual([])
    expect(checkBmdFile(bmd('0;330001;5000;1;31.02.2026;2;20;2;-120,00;20,00'))).toEqual([expect.objectContaining({ field: 'belegdatum' })])
    expect(checkBmdFile(bmd('0;200001;4000;1;05.01.2026;1;20;1;120,00;20,00'))).toEqual([expect.objectContaining({ field: 'steuer' })])
  })
})
