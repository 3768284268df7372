// Validators of §5: each returns null when valid, else `{ key, params }` with an i18n key (namespace validation).
export * from './result'
export * from './generic'
export * from './iban'
export * from './vatId'
export * from './money'
export * from './amounts'
export * from './accounts'
export * from './document'
