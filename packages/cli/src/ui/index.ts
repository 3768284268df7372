// The static renderers (tables, details, errors) are plain text and load no React or Ink, so a verb that prints a
// table starts fast (issue 38). Ink is loaded only by the interactive views, each from its own module:
// render-progress, render-tui and render-fon-conflicts, which services import directly.
export { renderTable, renderDetails, renderFatalError } from './render-static'
export type { TableColumn } from './text/table'
