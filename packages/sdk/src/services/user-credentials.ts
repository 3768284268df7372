import { Type, type Static } from '@feathersjs/typebox'
import type { Creates } from './common'
import { sessionRule, defineService } from './descriptor'
import type { PasswordSetup } from './users'

/** Path of the administrator's credential resets: a new one-time password link, or a cleared second factor. */
export const userCredentialsPath = 'user-credentials'

/** Methods of user-credentials. */
export const userCredentialsMethods = ['create'] as const

/** user-credentials.create (kca): what to reset for which user. */
export const userCredentialsDataSchema = Type.Object(
  {
    userId: Type.String({ format: 'uuid' }),
    reset: Type.Union([Type.Literal('password'), Type.Literal('secondFactor')]),
  },
  { $id: 'UserCredentialsData', additionalProperties: false },
)

/** Data of user-credentials.create. */
export type UserCredentialsData = Static<typeof userCredentialsDataSchema>

/**
 * The answer: for a password reset, how the user gets the link (the old password stops working at once and their
 * sessions end); for a second factor, nothing to pass on.
 */
export interface UserCredentialsResult {
  userId: string
  reset: UserCredentialsData['reset']
  setup?: PasswordSetup
}

/** Typed client view of user-credentials. */
export type UserCredentialsClientService = Creates<UserCredentialsResult, UserCredentialsData>

/** The user-credentials service: kca; refused with an external identity provider (it owns credentials). */
export const userCredentialsDescriptor = defineService<UserCredentialsClientService>()({
  path: userCredentialsPath,
  methods: userCredentialsMethods,
  schemas: { data: userCredentialsDataSchema },
  abilities: { create: sessionRule(['kca']) },
  events: 'none',
})
