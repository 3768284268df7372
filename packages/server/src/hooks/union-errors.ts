import type { Ajv } from '@feathersjs/schema'

type ErrorObject = NonNullable<ReturnType<Ajv['compile']>['errors']>[number]

/** The branch of union `unionPath` (`#/anyOf`) an error's schema path lies in (`#/anyOf/6/…` -> 6), or undefined. */
function branchOf(error: ErrorObject, unionPath: string): number | undefined {
  if (!error.schemaPath.startsWith(`${unionPath}/`)) return undefined
  const index = Number(error.schemaPath.slice(unionPath.length + 1).split('/')[0])
  return Number.isInteger(index) ? index : undefined
}

/**
 * Whether a branch's errors say the input is not of this shape at all: a literal property (the discriminant such as
 * `action`) that differs, or a value of another type or literal than the branch's own.
 */
function isOtherShape(error: ErrorObject, union: ErrorObject, unionPath: string, branch: number): boolean {
  const own = `${unionPath}/${branch}`
  if (error.instancePath === union.instancePath) return error.schemaPath === `${own}/type` || error.keyword === 'const' || error.keyword === 'enum'
  const child = error.instancePath.slice(union.instancePath.length)
  return (error.keyword === 'const' || error.keyword === 'enum') && /^\/[^/]+$/.test(child) && error.schemaPath === `${own}/properties${child}/${error.keyword}`
}

/** The allowed values of a const or enum error. */
function allowedOf(error: ErrorObject): unknown[] {
  const params = error.params as { allowedValue?: unknown; allowedValues?: unknown[] }
  return error.keyword === 'const' ? [params.allowedValue] : (params.allowedValues ?? [])
}

/**
 * Narrows ajv's errors of a schema with several shapes (`Type.Union`, an `anyOf`) to the shape the input meant, so
 * the refusal names that shape's field and rule instead of the first branch's (issue 30: an over-long editor rename
 * said `"pages" is required`). The meant shape is the branch whose literal fields (the discriminant: `action`, `op`)
 * the input matches, the one with the fewest errors among several. When the input matches no branch's literal, the
 * refusal names the literal field and the values it may take. Unions of scalars (`string | null`, `1 | -1`) match
 * no branch by type or literal and are left as they are. Outer unions are narrowed before the unions inside them.
 */
export function narrowUnions(errors: ErrorObject[]): ErrorObject[] {
  let current = errors
  const settled = new Set<ErrorObject>()
  for (;;) {
    const unions = current.filter((e) => e.keyword === 'anyOf' && !settled.has(e))
    if (unions.length === 0) return current
    const union = unions.reduce((outer, e) => (e.schemaPath.length < outer.schemaPath.length ? e : outer))
    settled.add(union)
    const unionPath = union.schemaPath
    const branches = new Map<number, ErrorObject[]>()
    for (const error of current) {
      const branch = branchOf(error, unionPath)
      if (branch !== undefined) branches.set(branch, [...(branches.get(branch) ?? []), error])
    }
    const candidates = [...branches].filter(([branch, list]) => !list.some((e) => isOtherShape(e, union, unionPath, branch)))
    const outside = current.filter((e) => e !== union && branchOf(e, unionPath) === undefined)
    if (candidates.length > 0) {
      const [, chosen] = candidates.reduce((best, entry) => (entry[1].length < best[1].length ? entry : best))
      current = [...outside, ...chosen].sort((a, b) => errors.indexOf(a) - errors.indexOf(b))
      continue
    }
    // No branch fits: when every branch differs in the same literal field, that field takes one of their values.
    const literals = [...branches].map(([branch, list]) => list.find((e) => e.instancePath !== union.instancePath && isOtherShape(e, union, unionPath, branch)))
    const field = literals[0]?.instancePath
    if (field !== undefined && literals.every((e) => e?.instancePath === field)) {
      const allowedValues = [...new Set(literals.flatMap((e) => allowedOf(e!)))]
      const enumError: ErrorObject = { keyword: 'enum', instancePath: field, schemaPath: `${unionPath}`, params: { allowedValues }, message: 'must be equal to one of the allowed values' }
      current = [...outside, enumError]
    }
  }
}
