import { Type, type Static } from '@feathersjs/typebox'
import type { RowError, UserDiff } from '../domain/userChanges'
import { companyNoSchema, type Creates } from './common'
import { sessionRule, defineService } from './descriptor'
import { permissionCodeSchema } from './users'

/** Path of the bulk user change: a list of changes, previewed (dryRun) or applied in one transaction. */
export const userBulkPath = 'user-bulk'

/** Methods of user-bulk: create runs one change list. */
export const userBulkMethods = ['create'] as const

/** The most rows one change list may have (a firm's users, with room to spare). */
export const MAX_BULK_CHANGES = 5000

const permissionListSchema = Type.Array(permissionCodeSchema, { uniqueItems: true, maxItems: 40 })
const clientListSchema = Type.Array(companyNoSchema, { uniqueItems: true, maxItems: 10000 })

/** One row: the user by e-mail and what to add, remove or set (see `UserChange` in @portal/sdk/domain). */
export const userChangeSchema = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    addPermissions: Type.Optional(permissionListSchema),
    removePermissions: Type.Optional(permissionListSchema),
    addClients: Type.Optional(clientListSchema),
    removeClients: Type.Optional(clientListSchema),
    enabled: Type.Optional(Type.Boolean()),
    allClients: Type.Optional(Type.Boolean()),
    excludeClients: Type.Optional(clientListSchema),
  },
  { $id: 'UserChange', additionalProperties: false },
)

/** user-bulk.create: the change list; with dryRun the answer is the preview and nothing is written. */
export const userBulkDataSchema = Type.Object(
  {
    changes: Type.Array(userChangeSchema, { minItems: 1, maxItems: MAX_BULK_CHANGES }),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { $id: 'UserBulkData', additionalProperties: false },
)

/** Data of user-bulk.create. */
export type UserBulkData = Static<typeof userBulkDataSchema>

/**
 * The answer: the diff of every user that changes (who gains and loses what) and the rows' refusals. A dry run
 * answers refusals here; a real run with a refused row changes nothing and fails with 400 `users:bulk.invalid`
 * whose data carries the same `rows`.
 */
export interface UserBulkResult {
  dryRun: boolean
  applied: boolean
  diffs: UserDiff[]
  errors: RowError[]
  /** Rows that change nothing (already so). */
  unchanged: number
}

/** Typed client view of user-bulk. */
export type UserBulkClientService = Creates<UserBulkResult, UserBulkData>

/** The user-bulk service: kca; the changed users' `patched` events go out on users. */
export const userBulkDescriptor = defineService<UserBulkClientService>()({
  path: userBulkPath,
  methods: userBulkMethods,
  schemas: { data: userBulkDataSchema },
  abilities: { create: sessionRule(['kca']) },
  events: 'none',
})

