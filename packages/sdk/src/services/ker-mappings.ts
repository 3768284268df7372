import { Type, type Static } from '@feathersjs/typebox'
import { KER_TARGETS, type KerRange } from '../domain/index'
import { companyNoSchema, type Finds, type Patches } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the KER mapping: which account ranges make which KER line, per firm (docs/reports.md). */
export const kerMappingsPath = 'ker-mappings'

/** Methods of ker-mappings. */
export const kerMappingsMethods = ['find', 'patch'] as const

/** ker-mappings.find: the mapping of the firm the company belongs to. */
export const kerMappingsQuerySchema = Type.Object({ client: companyNoSchema }, { $id: 'KerMappingsQuery', additionalProperties: false })

/** Query of ker-mappings.find. */
export type KerMappingsQuery = Static<typeof kerMappingsQuerySchema>

const rangeSchema = Type.Object(
  {
    from: Type.Integer({ minimum: 0, maximum: 9999 }),
    to: Type.Integer({ minimum: 0, maximum: 9999 }),
    target: Type.Unsafe<KerRange['target']>({ type: 'string', enum: [...KER_TARGETS] }),
  },
  { additionalProperties: false },
)

/** ker-mappings.patch (id: a company number of the firm): the firm's whole mapping; an empty list restores the EKR defaults. */
export const kerMappingPatchSchema = Type.Object(
  { ranges: Type.Array(rangeSchema, { maxItems: 100 }) },
  { $id: 'KerMappingPatch', additionalProperties: false },
)

/** Data of ker-mappings.patch. */
export type KerMappingPatch = Static<typeof kerMappingPatchSchema>

/** A firm's KER mapping; `custom` is false while the EKR defaults apply. */
export interface KerMapping {
  company_no: number
  firm_id: number
  custom: boolean
  ranges: KerRange[]
}

/** Typed client view of ker-mappings. */
export type KerMappingsClientService = Finds<KerMappingsQuery, KerMapping[]> & Patches<KerMapping, KerMappingPatch>

/** The ker-mappings service: read with `rep` or `adm`, changed by `adm` (audited); `patched` to the company. */
export const kerMappingsDescriptor = defineService<KerMappingsClientService>()({
  path: kerMappingsPath,
  methods: kerMappingsMethods,
  schemas: { query: kerMappingsQuerySchema, patch: kerMappingPatchSchema },
  abilities: { find: companyRule(['rep', 'adm']), patch: companyRule(['adm']) },
  events: 'company',
})
