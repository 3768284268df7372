/** Document editor actions of §3. */
export const EditingAction = {
  move: 'move',
  merge: 'merge',
  addPages: 'addPages',
  completeDocument: 'completeDocument',
  renameDocument: 'renameDocument',
} as const

/** One document editor action. */
export type EditingAction = (typeof EditingAction)[keyof typeof EditingAction]

/** Every editing action. */
export const EDITING_ACTIONS: readonly EditingAction[] = Object.values(EditingAction)
