import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_TYPES } from './documentTypes'
import { DOCUMENT_KINDS, UPLOAD_TYPE_KIND, UploadType } from './documentKinds'
import { FILE_KINDS, MimeType, XML_FILE_KINDS, mimeOfFileKind } from './files'
import { PROCESSING_STATES } from './processing'
import { CUSTOMER_ACCOUNT_RANGE, CUSTOMER_TYPES, SUPPLIER_TYPES } from './accounts'

// The domain vocabulary (document kinds and types, upload types, file kinds and mime types, processing
// states, account types) is defined once in packages/sdk/src/domain. This test reads the source of every
// package and fails on a domain literal written anywhere else, naming file:line. Comments are not code,
// so the source is parsed (TypeScript's own parser) rather than grepped.

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const SOURCES = ['packages/sdk/src', 'packages/web/src', 'packages/cli/src', 'packages/server/src']

/** Where literals are at home or harmless: the domain itself, tests, catalogues, and migrations (history keeps its values). */
function exempt(path: string): boolean {
  return (
    path.startsWith('packages/sdk/src/domain/') ||
    path.startsWith('packages/sdk/src/i18n/locales/') ||
    path.startsWith('packages/server/src/db/migrations/') ||
    /\.test\.tsx?$/.test(path) ||
    /\.d\.ts$/.test(path) ||
    /(^|\/)test(-support)?(\/|\.tsx?$)/.test(path)
  )
}

/**
 * Files allowed to write domain literals outside the domain: file → the literals. Empty since the server seams
 * import the domain constants; an entry that no longer matches fails the test, so it can only shrink.
 */
const SERVER_ALLOWLIST: Readonly<Record<string, readonly string[]>> = {}

interface Finding {
  file: string
  line: number
  /** The offending code, as the allowlist names it. */
  pattern: string
  rule: string
}

const quoted = (values: readonly string[]) => new Set(values)
const KIND_AND_TYPE_NAMES = quoted([...DOCUMENT_TYPES.filter((t) => t !== 'FullText' && t !== 'Trash'), ...DOCUMENT_KINDS])
const UPLOAD_TYPE_NAMES = quoted([UploadType.er_u, UploadType.ar_u]) // 'ka' and 'other' are too common words to flag
const MIME_NAMES = quoted(Object.values(MimeType))
const XML_KIND_NAMES = quoted(XML_FILE_KINDS)
const PROCESSING_NAMES = quoted(PROCESSING_STATES)
const FILE_KIND_NAMES = quoted(FILE_KINDS)
const ACCOUNT_TYPE_LISTS = [SUPPLIER_TYPES, CUSTOMER_TYPES].map((list) => `[${list.join(', ')}]`)
const RANGE_MIN = String(CUSTOMER_ACCOUNT_RANGE.min)
const RANGE_MAX = String(CUSTOMER_ACCOUNT_RANGE.max)
const RELATIONS = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
])
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])

/** 299999 anywhere; 200000 (a round number with other uses) only where something is compared with it. */
function isAccountRangeBound(node: ts.NumericLiteral): boolean {
  const value = node.text.replace(/_/g, '')
  if (value === RANGE_MAX) return true
  return value === RANGE_MIN && ts.isBinaryExpression(node.parent) && RELATIONS.has(node.parent.operatorToken.kind)
}

/** The property or variable name an expression ends in (`record.processing_state` → processing_state). */
function nameOf(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node)) return node.text
  if (ts.isPropertyAccessExpression(node)) return node.name.text
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) return node.argumentExpression.text
  return undefined
}

/** A field compared with or set to a literal: `x.field === 'v'`, `'v' !== field`, `{ field: 'v' }`. */
function fieldLiteral(node: ts.Node): { field: string; value: string; pattern: string } | undefined {
  if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
    const [name, literal] = ts.isStringLiteral(node.right) ? [node.left, node.right] : [node.right, node.left]
    const field = nameOf(name)
    if (field && ts.isStringLiteral(literal)) {
      return { field, value: literal.text, pattern: `${field} ${node.operatorToken.getText()} '${literal.text}'` }
    }
  }
  if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.initializer)) {
    const field = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : undefined
    if (field) return { field, value: node.initializer.text, pattern: `${field}: '${node.initializer.text}'` }
  }
  return undefined
}

/** Every domain literal in one file's code. */
function scan(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const findings: Finding[] = []
  const add = (node: ts.Node, pattern: string, rule: string) =>
    findings.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, pattern, rule })
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const value = node.text
      const pattern = `'${value}'`
      if (KIND_AND_TYPE_NAMES.has(value)) add(node, pattern, 'document kind or type: DocumentKind / DocumentType')
      else if (UPLOAD_TYPE_NAMES.has(value)) add(node, pattern, 'upload type or route: UploadType / DocumentTypeRoute')
      else if (MIME_NAMES.has(value)) add(node, pattern, 'mime type: MimeType / mimeOfFileKind')
      else if (XML_KIND_NAMES.has(value)) add(node, pattern, 'file kind: FileKind')
    }
    const compared = fieldLiteral(node)
    if (compared?.field === 'processing_state' && PROCESSING_NAMES.has(compared.value)) {
      add(node, compared.pattern, 'processing state: ProcessingState')
    }
    if (compared?.field === 'file_kind' && FILE_KIND_NAMES.has(compared.value)) add(node, compared.pattern, 'file kind: FileKind')
    if (ts.isArrayLiteralExpression(node) && node.elements.every(ts.isNumericLiteral)) {
      const list = `[${node.elements.map((e) => (e as ts.NumericLiteral).text).join(', ')}]`
      if (ACCOUNT_TYPE_LISTS.includes(list)) add(node, list, 'account types: SUPPLIER_TYPES / CUSTOMER_TYPES')
    }
    if (ts.isNumericLiteral(node) && isAccountRangeBound(node)) {
      add(node, node.text.replace(/_/g, ''), 'customer account range: CUSTOMER_ACCOUNT_RANGE')
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return findings
}

function sourceFiles(): string[] {
  return SOURCES.flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true }) as string[])
      .map((name) => `${dir}/${name.split(sep).join('/')}`)
      .filter((path) => /\.tsx?$/.test(path) && !exempt(path)),
  )
}

const findings = sourceFiles().flatMap((path) => scan(path, readFileSync(join(root, path), 'utf8')))
const allowed = (f: Finding) => SERVER_ALLOWLIST[f.file]?.includes(f.pattern) ?? false
const show = (f: Finding) => `${f.file}:${f.line}: ${f.pattern} (use ${f.rule.split(': ')[1]})`

describe('one vocabulary', () => {
  it('the domain tables agree with each other', () => {
    expect(Object.values(UPLOAD_TYPE_KIND).every((kind) => DOCUMENT_KINDS.includes(kind))).toBe(true)
    expect(FILE_KINDS.map(mimeOfFileKind)).toEqual([
      MimeType.pdf,
      MimeType.jpeg,
      MimeType.png,
      MimeType.tiff,
      MimeType.xml,
      MimeType.xml,
      MimeType.xml,
    ])
  })

  it('the scan sees what it looks for, and not in comments', () => {
    const sample = [
      "// type: 'ER_U' in a comment is fine",
      "const a = { type: 'ER_U' }",
      "if (record.processing_state === 'done') go()",
      'find({ types: [3, 4] })',
      "const range = 'application/pdf'",
      'const max = 299_999',
      'if (account >= 200000) customer()',
      'const step = length / 200_000',
    ].join('\n')
    expect(scan('x.ts', sample).map((f) => `${f.line} ${f.pattern}`)).toEqual([
      "2 'ER_U'",
      "3 processing_state === 'done'",
      '4 [3, 4]',
      "5 'application/pdf'",
      '6 299999',
      '7 200000',
    ])
  })

  it('no package writes a domain literal outside packages/sdk/src/domain', () => {
    expect(findings.filter((f) => !allowed(f)).map(show)).toEqual([])
  })

  it('the server allowlist names only offences that still exist', () => {
    const stale = Object.entries(SERVER_ALLOWLIST).flatMap(([file, patterns]) =>
      patterns.filter((pattern) => !findings.some((f) => f.file === file && f.pattern === pattern)).map((p) => `${file}: ${p}`),
    )
    expect(stale).toEqual([])
  })
})
