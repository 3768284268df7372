/** Types of perspective-transform (the package ships none): a homography from four source to four destination points. */
declare module 'perspective-transform' {
  /** A perspective transform mapping the quadrilateral `src` onto `dst` (each [x0, y0, x1, y1, x2, y2, x3, y3]). */
  interface PerspectiveTransform {
    transform(x: number, y: number): number[]
    transformInverse(x: number, y: number): number[]
    coeffs: number[]
    coeffsInv: number[]
  }
  function PerspT(src: number[], dst: number[]): PerspectiveTransform
  export default PerspT
}
