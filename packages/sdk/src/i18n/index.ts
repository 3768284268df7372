// i18n: catalogues (en, de), a factory for i18next instances and message helpers.
export * from './types'
export * from './resources'
export * from './keys'
export * from './createI18n'
export * from './translate'
export * from './options'
export * from './lazy'
