import { describe, expect, it } from 'vitest'
import { createI18n } from '../i18n/createI18n'
import {
  CATEGORY_CODE_BY_NAME,
  DataSource,
  DocumentCategory,
  DocumentStatus,
  DocumentType,
  FIXED_SOURCE_CODES,
  PERMISSIONS,
  accountKind,
  breakpointOf,
  clearStatus,
  dataSourceName,
  documentTypeFromRoute,
  documentTypeLabelKey,
  hasAnyPermission,
  isFirmStaff,
  hasStatus,
  isFixedSourceCode,
  isMobileWidth,
  languageFromLocale,
  permissionMeaningKey,
  setStatus,
  statusFlags,
  bankAccessStateAt,
} from './index'

describe('document types and categories', () => {
  it('reads the route parameter, defaulting to incoming unconfirmed invoices', () => {
    expect(documentTypeFromRoute(undefined)).toBe(DocumentType.ER_U)
    expect(documentTypeFromRoute('ka')).toBe(DocumentType.KA)
    expect(documentTypeFromRoute('AR')).toBe(DocumentType.AR)
    expect(documentTypeFromRoute('bogus')).toBe(DocumentType.ER_U)
  })

  it('keeps the name-to-code map exactly as given, apart from the category list', () => {
    expect(CATEGORY_CODE_BY_NAME).toEqual({ KA: 1, ER: 3, AR: 4 })
    expect(DocumentCategory.KA).toBe(5)
    expect(Object.values(DocumentCategory)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })
})

describe('status flags', () => {
  it('sets, tests and clears combinable bits', () => {
    let status = setStatus(0, DocumentStatus.Confirmed)
    status = setStatus(status, DocumentStatus.Broken)
    expect(status).toBe(32769)
    expect(hasStatus(status, DocumentStatus.Confirmed)).toBe(true)
    expect(hasStatus(status, DocumentStatus.Booked)).toBe(false)
    expect(statusFlags(status)).toEqual(['Confirmed', 'Broken'])
    status = clearStatus(status, DocumentStatus.Confirmed)
    expect(status).toBe(32768)
    expect(clearStatus(status, DocumentStatus.Booked)).toBe(32768)
  })
})

describe('data sources', () => {
  it('knows every code of the specification plus the e-invoice XML source', () => {
    expect(DataSource.Human_Booking).toBe(13)
    expect(DataSource.Human_Labeling_PDFIUM_Partial_Apple_OCR).toBe(37)
    expect(dataSourceName(40)).toBe('E_Invoice_XML')
    expect(dataSourceName(41)).toBeUndefined()
    const codes = Object.values(DataSource)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('keeps the fixed list of source codes verbatim', () => {
    expect(FIXED_SOURCE_CODES).toEqual([8, 18, 9, 19, 22, 23, 25, 26, 28, 29, 58, 59, 78, 79, 88, 89, 92, 93])
    expect(isFixedSourceCode(58)).toBe(true)
    expect(isFixedSourceCode(2)).toBe(false)
  })
})

describe('permissions', () => {
  it('has a meaning for every permission in English and German', () => {
    const en = createI18n()
    const de = createI18n({ lng: 'de' })
    expect(PERMISSIONS).toHaveLength(20)
    for (const permission of PERMISSIONS) {
      const key = permissionMeaningKey(permission)
      expect(en.exists(key), key).toBe(true)
      expect(de.exists(key), key).toBe(true)
    }
    expect(de.t(permissionMeaningKey('ded'))).toBe('Dokumenteneditor')
  })

  it("tells the firm's people from a client company's employee (issue 38)", () => {
    expect(isFirmStaff({ permissions: ['doc', 'rep', 'app'], clientAccess: 'assigned' })).toBe(false)
    expect(isFirmStaff({ permissions: ['doc', 'app', 'lab', 'ove'], clientAccess: 'assigned' })).toBe(true)
    expect(isFirmStaff({ permissions: [], clientAccess: 'all' })).toBe(true)
  })

  it('answers "any of" checks such as banking (adm or ban)', () => {
    expect(hasAnyPermission(['ban'], ['adm', 'ban'])).toBe(true)
    expect(hasAnyPermission(['doc'], ['adm', 'ban'])).toBe(false)
    expect(hasAnyPermission(undefined, ['adm'])).toBe(false)
  })

  it('names every document type in both languages', () => {
    const de = createI18n({ lng: 'de' })
    expect(de.t(documentTypeLabelKey('KA'))).toBe('Kassabuch')
    expect(de.t(documentTypeLabelKey('Trash'))).toBe('Papierkorb')
  })
})

describe('accounts, languages, layout, bank access', () => {
  it('classifies 200000-299999 as customers and everything else as suppliers', () => {
    expect(accountKind(199999)).toBe('supplier')
    expect(accountKind(200000)).toBe('customer')
    expect(accountKind(299999)).toBe('customer')
    expect(accountKind(300000)).toBe('supplier')
  })

  it('maps locales to en or de', () => {
    expect(languageFromLocale('de-AT')).toBe('de')
    expect(languageFromLocale('fr')).toBe('en')
    expect(languageFromLocale(undefined)).toBe('en')
  })

  it('names breakpoints and treats everything below 1920 px as mobile', () => {
    expect(breakpointOf(599)).toBe('xs')
    expect(breakpointOf(600)).toBe('sm')
    expect(breakpointOf(1919)).toBe('lg')
    expect(breakpointOf(4000)).toBe('xl')
    expect(isMobileWidth(1919)).toBe(true)
    expect(isMobileWidth(1920)).toBe(false)
  })

  it('counts an active bank access past its expiry as expired', () => {
    const access = { state: 'active' as const, expiresAt: new Date('2026-01-01T00:00:00Z') }
    expect(bankAccessStateAt(access, new Date('2025-12-31T00:00:00Z'))).toBe('active')
    expect(bankAccessStateAt(access, new Date('2026-01-01T00:00:00Z'))).toBe('expired')
  })
})
