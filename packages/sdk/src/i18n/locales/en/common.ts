/** General texts: product, actions, theme, page titles (English). */
export const common = {
  productName: 'Portal',
  actions: {
    ok: 'OK',
    cancel: 'Cancel',
    save: 'Save',
    delete: 'Delete',
    close: 'Close',
    back: 'Back',
    retry: 'Try again',
    reload: 'Reload',
    search: 'Search',
    restore: 'Restore',
    purge: 'Delete permanently',
    logout: 'Log out',
    login: 'Sign in',
    yes: 'Yes',
    no: 'No',
  },
  status: {
    loading: 'Loading…',
    saved: 'Saved successfully',
    created: 'Created successfully',
    noData: 'No data available',
  },
  theme: {
    dark: 'Dark theme',
    light: 'Light theme',
    toggle: 'Toggle dark theme',
  },
  language: {
    label: 'Language',
    switch: 'Switch language',
  },
  appInfo: {
    title: 'App info',
    version: 'Version {{version}}, build {{build}}',
  },
  page: {
    defaultTitle: 'Portal',
    titleWithBrand: '{{title}} | {{brand}}',
    notFound: 'Page not found',
    backToStart: 'Back to start',
  },
  confirm: {
    delete: 'Do you really want to delete this?',
  },
} as const
