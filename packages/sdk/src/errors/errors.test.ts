import { describe, expect, it } from 'vitest'
import { createI18n } from '../i18n/createI18n'
import {
  ERROR_CATALOGUE,
  ERROR_CLASSES,
  ERROR_NAMES,
  clearsToken,
  createError,
  errorData,
  errorToMessage,
  errorTypeKey,
} from './index'

const en = createI18n()
const de = createI18n({ lng: 'de' })

describe('error catalogue', () => {
  it('matches the Feathers error classes in name, code and className', () => {
    expect(ERROR_NAMES).toHaveLength(17)
    for (const name of ERROR_NAMES) {
      const error = new ERROR_CLASSES[name]('x')
      expect(error.name).toBe(name)
      expect(error.code).toBe(ERROR_CATALOGUE[name].code)
      expect(error.className).toBe(ERROR_CATALOGUE[name].className)
    }
  })

  it('has a message for every error type in both languages', () => {
    for (const name of ERROR_NAMES) {
      expect(en.exists(errorTypeKey(name)), name).toBe(true)
      expect(de.exists(errorTypeKey(name)), name).toBe(true)
    }
  })
})

describe('errorToMessage', () => {
  it('prefers the i18n key the server attached', () => {
    const error = createError('NotFound', 'errors:document.notFound', { id: 7 })
    expect(error.message).toBe('Document 7 not found')
    expect(error.data).toEqual({ key: 'errors:document.notFound', params: { id: 7 } })
    expect(errorToMessage(error, de.t)).toBe('Dokument 7 nicht gefunden')
  })

  it('survives the wire: a plain object with name, code and data', () => {
    const wire = JSON.parse(JSON.stringify(createError('Forbidden', 'errors:document.noAccess'))) as unknown
    expect(errorToMessage(wire, de.t)).toBe('Das Dokument existiert nicht oder der Zugriff darauf wurde verweigert.')
  })

  it('accepts a key without namespace as an errors key', () => {
    expect(errorToMessage({ name: 'GeneralError', code: 500, data: errorData('appOutOfDate') }, en.t)).toBe(
      'Application out of date. Please reload.',
    )
  })

  it('falls back to the type by name, then by code, then the raw message', () => {
    expect(errorToMessage({ name: 'Forbidden', code: 403, message: 'raw', data: { key: 'errors:nope' } }, en.t)).toBe(
      'You lack permission for this action',
    )
    expect(errorToMessage({ code: 429, message: 'raw' }, de.t)).toBe(
      'Zu viele Anfragen. Bitte warten Sie kurz und versuchen Sie es erneut.',
    )
    expect(errorToMessage(new Error('socket hang up'), en.t)).toBe('socket hang up')
    expect(errorToMessage(undefined, en.t)).toBe('An unexpected error occurred')
  })

  it('names each field and rule a refused confirmation lists, with the plural of the language', () => {
    const issue = (field: string, key: string, params: Record<string, unknown> = {}) => ({ field, key, params: { field, ...params } })
    const one = { name: 'Unprocessable', code: 422, data: { key: 'documents:notConfirmable', params: { id: 17, count: 1, issues: [issue('invoice_number', 'validation:required')] } } }
    expect(errorToMessage(one, en.t)).toBe('Document 17 cannot be confirmed yet: 1 field breaks a rule — Invoice number: This field is required.')
    expect(errorToMessage(one, de.t)).toBe('Beleg 17 kann noch nicht bestätigt werden: 1 Feld verletzt eine Regel – Rechnungsnummer: Dieses Feld ist erforderlich.')
    const two = {
      ...one,
      data: { ...one.data, params: { id: 17, count: 2, issues: [issue('invoice_number', 'validation:required'), issue('total_gross', 'validation:totalsMismatch', { sum: '120.00', total: '121.00' })] } },
    }
    expect(errorToMessage(two, de.t)).toBe(
      'Beleg 17 kann noch nicht bestätigt werden: 2 Felder verletzen eine Regel – Rechnungsnummer: Dieses Feld ist erforderlich; Gesamtbetrag brutto: Die Beträge ergeben 120.00 statt der Gesamtsumme 121.00.',
    )
  })
})

describe('clearsToken', () => {
  it('is true exactly for codes 401 to 407', () => {
    expect(clearsToken({ code: 400 })).toBe(false)
    expect(clearsToken(createError('NotAuthenticated', 'errors:noAccessToken'))).toBe(true)
    expect(clearsToken({ code: 407 })).toBe(true)
    expect(clearsToken({ code: 408 })).toBe(false)
    expect(clearsToken('401')).toBe(false)
  })
})
