// The only door to Ink: commands and services call these and never import Ink themselves.
export { renderTable, renderDetails, renderFatalError } from './render-static'
export { renderProgress } from './render-progress'
export type { ProgressView } from './render-progress'
export { renderTui } from './render-tui'
export type { TableColumn } from './components/Table/Table'
export { renderFonConflicts } from './render-fon-conflicts'
