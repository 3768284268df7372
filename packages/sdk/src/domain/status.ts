/** Document status bit flags of §3; combine them with setStatus. */
export const DocumentStatus = {
  Confirmed: 1,
  Booked: 2,
  ERPImported: 4,
  ERPError: 8,
  ERPInfo: 16,
  BadRendering: 128,
  Broken: 32768,
} as const

/** One status bit. */
export type DocumentStatusFlag = (typeof DocumentStatus)[keyof typeof DocumentStatus]

/** True when every bit of `flag` is set in `status`. */
export function hasStatus(status: number, flag: DocumentStatusFlag): boolean {
  return (status & flag) === flag
}

/** `status` with `flag` set. */
export function setStatus(status: number, flag: DocumentStatusFlag): number {
  return status | flag
}

/** `status` with `flag` cleared. */
export function clearStatus(status: number, flag: DocumentStatusFlag): number {
  return status & ~flag
}

/** The names of the flags set in `status`, in ascending bit order. */
export function statusFlags(status: number): (keyof typeof DocumentStatus)[] {
  return (Object.keys(DocumentStatus) as (keyof typeof DocumentStatus)[]).filter((name) =>
    hasStatus(status, DocumentStatus[name]),
  )
}
