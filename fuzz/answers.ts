/** One answer of the server to one fuzz input. */
export interface Answer {
  /**
   * HTTP status; for socket calls the error's code, or 200 when the call succeeded; 0 when the server closed the
   * connection without answering (a refusal for raw frames).
   */
  status: number
  /** The answer's text (body, error JSON, or the frames received), checked for internals. */
  body: string
  /** An expectation the answer broke beyond its status (a DOCTYPE stored, a file name changed), described. */
  wrong?: string
}

/** Signs of the server's insides in an answer: stack lines, file paths, SQL and database errors. */
const INTERNALS: { name: string; pattern: RegExp }[] = [
  { name: 'stack trace', pattern: /(^|\\n|\n|\s)at [^\s"\\]+ \(|(^|\\n|\n)\s*at (file:|\/|node:)/ },
  { name: 'file path', pattern: /\/work\/|node_modules|file:\/\/\/|\/tmp\/portal-|\/home\/|\/root\// },
  { name: 'server file contents', pattern: /root:x:0:0:/ },
  { name: 'source file', pattern: /\b[\w-]+\.(m?js|ts|cjs):\d+/ },
  { name: 'SQL', pattern: /\bselect\s[^"]{0,200}?\bfrom\s|insert into|\bdelete from\b|\bupdate\s+"?\w+"?\s+set\b|syntax error at/i },
  {
    name: 'database error',
    pattern: /invalid input syntax for|out of range for type|violates [\w ]*constraint|relation "\w+"|column "\w+" (of|does)|\bpglite\b|\bknex\b/i,
  },
]

/** The first kind of internals found in an answer's text, or undefined when it shows none. */
export function internalsIn(text: string): string | undefined {
  return INTERNALS.find(({ pattern }) => pattern.test(text))?.name
}

/** The status class of an answer as the table counts it. */
export function statusClass(status: number): '2xx' | '3xx' | '4xx' | '5xx' | 'closed' {
  if (status === 0) return 'closed'
  if (status >= 500) return '5xx'
  if (status >= 400) return '4xx'
  if (status >= 300) return '3xx'
  return '2xx'
}
