// Pure state logic (no React, no DOM): reducers and small classes that take clocks and timers as parameters.
// One export line per module; the web engineer adds menu and routes here.
export {}
export * from './routes'
export * from './menu'
