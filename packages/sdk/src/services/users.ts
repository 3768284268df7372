import { Type, type Static } from '@feathersjs/typebox'
import {
  companyNoSchema,
  pageSchemas,
  selectSchema,
  sortSchema,
  type Page,
  type Creates,
  type Finds,
  type Gets,
  type Patches,
  type Removes,
} from './common'
import { sessionRule, defineService } from './descriptor'

/** Path of the portal user service (user manager, own preferences). */
export const usersPath = 'users'

/**
 * Methods of users: anyone patches their own locale and favClient; kca finds, gets, creates, patches and removes
 * everyone (remove is refused while an import is in progress and for oneself).
 */
export const usersMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** The two portal languages. */
export const localeSchema = Type.Union([Type.Literal('en'), Type.Literal('de')])

/** Client access: only assigned companies, or all companies except the excluded ones. */
export const clientAccessSchema = Type.Union([Type.Literal('assigned'), Type.Literal('all')])

/** A permission code as data carries it; unknown codes are refused by the server with their name. */
export const permissionCodeSchema = Type.String({ pattern: '^[a-z]{3}$' })

/** A portal user as the user manager shows it (SPEC §3 user-manager columns). Secrets never leave the server. */
export const userSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    keycloakId: Type.String(),
    username: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    telNr: Type.Union([Type.String(), Type.Null()]),
    locale: localeSchema,
    favClient: Type.Union([Type.Integer(), Type.Null()]),
    permissions: Type.Array(Type.String()),
    clientAccess: clientAccessSchema,
    /** Assigned companies (clientAccess 'assigned'). */
    klienten: Type.Array(Type.Integer()),
    /** Excluded companies (clientAccess 'all'). */
    excluded: Type.Array(Type.Integer()),
    mobileApp: Type.Boolean(),
    enabled: Type.Boolean(),
    lastLogin: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'User', additionalProperties: false },
)

/** A portal user. */
export type User = Static<typeof userSchema>

/** Fields a user may change on their own record (SPEC §1: only their own language; plus the favourite client). */
export const ownUserPatchFields = ['locale', 'favClient'] as const

/** Patch data of users. Fields other than locale and favClient need permission kca. */
export const userPatchSchema = Type.Object(
  {
    locale: Type.Optional(localeSchema),
    favClient: Type.Optional(Type.Union([companyNoSchema, Type.Null()])),
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    telNr: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    permissions: Type.Optional(Type.Array(permissionCodeSchema, { uniqueItems: true, maxItems: 40 })),
    clientAccess: Type.Optional(clientAccessSchema),
    klienten: Type.Optional(Type.Array(companyNoSchema, { uniqueItems: true, maxItems: 10000 })),
    excluded: Type.Optional(Type.Array(companyNoSchema, { uniqueItems: true, maxItems: 10000 })),
    mobileApp: Type.Optional(Type.Boolean()),
    enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'UserPatch', additionalProperties: false, minProperties: 1 },
)

/** Patch data of users. */
export type UserPatch = Static<typeof userPatchSchema>

/** Fields users.find may $select or $sort on. */
export const userFields = ['id', 'username', 'email', 'firstName', 'lastName', 'enabled', 'lastLogin'] as const

/**
 * users.find (kca only): optional text search over name, e-mail and user name; filters by enabled state, by a
 * permission the user holds and by a client company they may see (assigned, or all clients and not excluded).
 */
export const usersQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    enabled: Type.Optional(Type.Boolean()),
    permission: Type.Optional(permissionCodeSchema),
    client: Type.Optional(companyNoSchema),
    ...pageSchemas,
    $sort: sortSchema(userFields),
    $select: selectSchema(userFields),
  },
  { $id: 'UsersQuery', additionalProperties: false },
)

/** Query of users.find. */
export type UsersQuery = Static<typeof usersQuerySchema>

/** users.create (kca): a new user with the user form's fields (SPEC §5); the password is set with a one-time link. */
export const userCreateSchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    telNr: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    locale: Type.Optional(localeSchema),
    permissions: Type.Optional(Type.Array(permissionCodeSchema, { uniqueItems: true, maxItems: 40 })),
    clientAccess: Type.Optional(clientAccessSchema),
    klienten: Type.Optional(Type.Array(companyNoSchema, { uniqueItems: true, maxItems: 10000 })),
    excluded: Type.Optional(Type.Array(companyNoSchema, { uniqueItems: true, maxItems: 10000 })),
    mobileApp: Type.Optional(Type.Boolean()),
  },
  { $id: 'UserCreate', additionalProperties: false },
)

/** Data of users.create. */
export type UserCreate = Static<typeof userCreateSchema>

/**
 * How a user gets to set their password: by e-mail (SMTP configured), or a link the administrator passes on,
 * answered exactly once; none with an external identity provider (it owns passwords).
 */
export interface PasswordSetup {
  delivery: 'mail' | 'link' | 'external'
  /** Only when delivery is 'link': the one-time link. */
  link?: string
  expiresAt?: string
}

/** What users.create answers: the new user and how they set their password. */
export type CreatedUser = User & { setup: PasswordSetup }

/** Typed client view of users; find answers a page. */
export type UsersClientService = Finds<UsersQuery, Page<User>> &
  Gets<User> &
  Creates<CreatedUser, UserCreate> &
  Patches<User, UserPatch> &
  Removes<User>

/**
 * The users service: kca for everyone, own locale and favClient for all; a change goes to that user and to kca.
 * Every change a user manager makes is in the audit log; disabling ends the user's open sessions at once.
 */
export const usersDescriptor = defineService<UsersClientService>()({
  path: usersPath,
  methods: usersMethods,
  schemas: { query: usersQuerySchema, data: userCreateSchema, patch: userPatchSchema, result: userSchema },
  abilities: {
    find: sessionRule(['kca']),
    get: sessionRule(['kca']),
    create: sessionRule(['kca']),
    patch: { ...sessionRule(['kca']), own: ownUserPatchFields },
    remove: sessionRule(['kca']),
  },
  events: 'user',
})
