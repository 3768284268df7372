// Pure state logic (no React, no DOM): reducers and small classes that take clocks and timers as parameters.
// One export line per module; the web engineer adds menu and routes here.
export * from './timers'
export * from './session'
export * from './company'
export * from './companyLoader'
export * from './snackbar'
export * from './version'
export * from './title'
export * from './routes'
export * from './menu'
export * from './accountForm'
export * from './accountList'
export * from './erpExportForm'
