import { describe, expect, it } from 'vitest'
import { createI18n } from './createI18n'
import { translateIfKnown, translateMessage } from './translate'

describe('createI18n', () => {
  it('speaks English by default', () => {
    const i18n = createI18n()
    expect(i18n.language).toBe('en')
    expect(i18n.t('errors:appOutOfDate')).toBe('Application out of date. Please reload.')
    expect(i18n.t('errors:noAccessToken')).toBe('No accessToken found in storage')
  })

  it('speaks German with the texts the specification quotes', () => {
    const i18n = createI18n({ lng: 'de' })
    expect(i18n.t('validation:required')).toBe('Dieses Feld ist erforderlich')
    expect(i18n.t('errors:document.noAccess')).toBe(
      'Das Dokument existiert nicht oder der Zugriff darauf wurde verweigert.',
    )
  })

  it('interpolates parameters without HTML-escaping them', () => {
    const i18n = createI18n()
    expect(i18n.t('errors:document.notFound', { id: 42 })).toBe('Document 42 not found')
    expect(i18n.t('errors:address.rpaCreateFailed', { message: 'a <b> & c' })).toBe(
      'Failed to create address in RPA database: a <b> & c',
    )
  })

  it('maps regional locales to their language and keeps instances apart', async () => {
    const german = createI18n({ lng: 'de' })
    const english = createI18n()
    await german.changeLanguage('de-AT')
    expect(german.t('common:actions.save')).toBe('Speichern')
    expect(english.t('common:actions.save')).toBe('Save')
  })

  it('names the kind a field must be in the reader\'s language', () => {
    const german = createI18n({ lng: 'de' })
    const english = createI18n()
    const wrongType = { key: 'errors:query.wrongType', params: { field: 'client', kind: 'companyNumber' } }
    expect(translateMessage(german.t, wrongType)).toBe('Das Feld „client“ muss eine Klientennummer sein')
    expect(translateMessage(english.t, wrongType)).toBe('Field "client" must be a company number')
    const union = { key: 'errors:query.wrongTypes', params: { field: 'due', kind: 'string', otherKind: 'null' } }
    expect(translateMessage(german.t, union)).toBe('Das Feld „due“ muss ein Text oder leer sein')
  })

  it('translates messages and tells unknown keys apart', () => {
    const { t } = createI18n({ lng: 'de' })
    expect(translateMessage(t, { key: 'validation:minLength', params: { min: 3 } })).toBe(
      'Mindestens 3 Zeichen sind erforderlich',
    )
    expect(translateIfKnown(t, 'errors:doesNotExist')).toBeUndefined()
    expect(translateIfKnown(t, 'errors:type.Forbidden')).toBe('Sie haben keine Berechtigung für diese Aktion')
  })
})
