import type { common as en } from '../en/common'
import type { Translation } from '../../types'

/** General texts: product, actions, theme, page titles (German). */
export const common: Translation<typeof en> = {
  productName: 'Portal',
  actions: {
    ok: 'OK',
    cancel: 'Abbrechen',
    save: 'Speichern',
    delete: 'Löschen',
    close: 'Schließen',
    back: 'Zurück',
    retry: 'Erneut versuchen',
    reload: 'Neu laden',
    search: 'Suchen',
    restore: 'Wiederherstellen',
    purge: 'Endgültig löschen',
    logout: 'Abmelden',
    login: 'Anmelden',
    yes: 'Ja',
    no: 'Nein',
  },
  status: {
    loading: 'Wird geladen …',
    saved: 'Erfolgreich gespeichert',
    created: 'Erfolgreich angelegt',
    noData: 'Keine Daten vorhanden',
  },
  theme: {
    dark: 'Dunkles Design',
    light: 'Helles Design',
    toggle: 'Dunkles Design ein/aus',
  },
  language: {
    label: 'Sprache',
    switch: 'Sprache wechseln',
  },
  appInfo: {
    title: 'App-Info',
    version: 'Version {{version}}, Build {{build}}',
  },
  page: {
    defaultTitle: 'Portal',
    titleWithBrand: '{{title}} | {{brand}}',
    notFound: 'Seite nicht gefunden',
    backToStart: 'Zurück zum Start',
  },
  confirm: {
    delete: 'Wollen Sie das wirklich löschen?',
  },
}
