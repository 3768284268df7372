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

/** Why a suggested cut starts a new document at a page (shown to the clerk beside the cut). */
export const CutReason = {
  /** The page names another invoice number than the pages before. */
  invoiceNumber: 'invoiceNumber',
  /** Another supplier: a VAT id or IBAN not seen on the pages before. */
  supplier: 'supplier',
  /** Another supplier's name block (letterhead) at the top of the page than the pages before. */
  nameBlock: 'nameBlock',
  /** A page counter starts again: "Seite 1 von N" / "Page 1 of N". */
  pageCounter: 'pageCounter',
  /** A blank page came before (it is set aside). */
  blankPage: 'blankPage',
  /** A separator sheet came before (PATCH-T or the configured code; it is set aside). */
  separator: 'separator',
} as const

/** One reason for a suggested cut. */
export type CutReason = (typeof CutReason)[keyof typeof CutReason]

/** Every cut reason. */
export const CUT_REASONS: readonly CutReason[] = Object.values(CutReason)

/** Quarter turns a page may be rotated by (clockwise degrees). */
export const PAGE_ROTATIONS = [0, 90, 180, 270] as const

/** A page's rotation in clockwise degrees. */
export type PageRotation = (typeof PAGE_ROTATIONS)[number]

/** Text the separator sheets carry by default besides PATCH-T (a barcode, QR code or printed line). */
export const DEFAULT_SEPARATOR_TEXT = 'PORTAL-SEPARATOR'
