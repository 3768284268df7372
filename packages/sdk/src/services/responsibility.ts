import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, pageSchemas, sortSchema, type Creates, type Finds, type Page } from './common'
import { sessionRule, defineService } from './descriptor'

/** Path of responsibility: which staff member is responsible for which client company (FON's zustMa). */
export const responsibilityPath = 'responsibility'

/** Methods of responsibility: find the companies with their staff member; create assigns or reassigns in bulk. */
export const responsibilityMethods = ['find', 'create'] as const

/** Fields responsibility.find may sort on. */
export const responsibilityFields = ['companyNo', 'companyName', 'staffName'] as const

/** responsibility.find (adm): every company, narrowed to one staff member, the unassigned ones or a search text. */
export const responsibilityQuerySchema = Type.Object(
  {
    staffId: Type.Optional(Type.String({ format: 'uuid' })),
    unassigned: Type.Optional(Type.Boolean()),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...pageSchemas,
    $sort: sortSchema(responsibilityFields),
  },
  { $id: 'ResponsibilityQuery', additionalProperties: false },
)

/** Query of responsibility.find. */
export type ResponsibilityQuery = Static<typeof responsibilityQuerySchema>

/** One client company and the staff member responsible for it (null: nobody yet). */
export const responsibilitySchema = Type.Object(
  {
    companyNo: Type.Integer(),
    companyName: Type.String(),
    companyPlace: Type.String(),
    staffId: Type.Union([Type.String(), Type.Null()]),
    staffName: Type.Union([Type.String(), Type.Null()]),
    staffEmail: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Responsibility', additionalProperties: false },
)

/** One company's responsibility. */
export type Responsibility = Static<typeof responsibilitySchema>

/**
 * responsibility.create (adm): assigns `staffId` (null: nobody) to the listed companies, or to every company of
 * `fromStaffId` (reassign all of a leaving colleague's clients). One transaction, audited.
 */
export const responsibilityAssignSchema = Type.Object(
  {
    staffId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    companyNos: Type.Optional(Type.Array(companyNoSchema, { minItems: 1, maxItems: 10000, uniqueItems: true })),
    fromStaffId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { $id: 'ResponsibilityAssign', additionalProperties: false },
)

/** Data of responsibility.create. */
export type ResponsibilityAssign = Static<typeof responsibilityAssignSchema>

/** What an assignment answers: the companies as they are now. */
export interface ResponsibilityAssigned {
  changed: Responsibility[]
}

/** Typed client view of responsibility. */
export type ResponsibilityClientService = Finds<ResponsibilityQuery, Page<Responsibility>> &
  Creates<ResponsibilityAssigned, ResponsibilityAssign>

/** The responsibility service: the admin group (adm). */
export const responsibilityDescriptor = defineService<ResponsibilityClientService>()({
  path: responsibilityPath,
  methods: responsibilityMethods,
  schemas: { query: responsibilityQuerySchema, data: responsibilityAssignSchema, result: responsibilitySchema },
  abilities: { find: sessionRule(['adm']), create: sessionRule(['adm']) },
  events: 'none',
})

/** Path of the staff list responsibility chooses from: enabled users, by name (no kca needed, unlike users). */
export const responsibilityStaffPath = 'responsibility-staff'

/** One staff member to choose. */
export interface StaffMember {
  id: string
  name: string
  email: string
  /** How many companies they are responsible for. */
  companies: number
}

/** responsibility-staff.find (adm): optional search text. */
export const responsibilityStaffQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...pageSchemas,
  },
  { $id: 'ResponsibilityStaffQuery', additionalProperties: false },
)

/** Query of responsibility-staff.find. */
export type ResponsibilityStaffQuery = Static<typeof responsibilityStaffQuerySchema>

/** Typed client view of responsibility-staff. */
export type ResponsibilityStaffClientService = Finds<ResponsibilityStaffQuery, Page<StaffMember>>

/** The staff list of the responsibility screen: adm. */
export const responsibilityStaffDescriptor = defineService<ResponsibilityStaffClientService>()({
  path: responsibilityStaffPath,
  methods: ['find'] as const,
  schemas: { query: responsibilityStaffQuerySchema },
  abilities: { find: sessionRule(['adm']) },
  events: 'none',
})
