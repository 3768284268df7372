/** A document as the terminal app lists it: its file and where its processing stands. */
export interface RecentDocument {
  id: number
  fileName: string
  /** queued, processing, done or failed. */
  state: string
}
