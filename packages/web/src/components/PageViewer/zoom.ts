/** Zoom of the page viewer: 100 % is one CSS pixel per PDF point. */
export const ZOOM_DEFAULT = 1

/** One zoom step (25 %). */
export const ZOOM_STEP = 0.25

/** Smallest and largest zoom. */
export const ZOOM_RANGE = { min: 0.5, max: 3 } as const

/** A zoom inside ZOOM_RANGE, rounded to whole steps so repeated steps land on 125 %, 150 %, … */
export function clampZoom(zoom: number): number {
  const stepped = Math.round(zoom / ZOOM_STEP) * ZOOM_STEP
  return Math.min(ZOOM_RANGE.max, Math.max(ZOOM_RANGE.min, stepped))
}
