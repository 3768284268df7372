// The browser build of pdfjs-dist ships its types under the package root only; this maps them onto the file we load.
declare module 'pdfjs-dist/build/pdf.mjs' {
  export * from 'pdfjs-dist'
}
