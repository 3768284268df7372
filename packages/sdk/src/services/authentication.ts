import { Type, StringEnum, type Static } from '@feathersjs/typebox'
import { defineService } from './descriptor'

/** Path of the authentication service (SPEC §7, §9: path /authentication). */
export const authenticationPath = 'authentication'

/** Methods the authentication service offers: create signs in, remove signs out. */
export const authenticationMethods = ['create', 'remove'] as const

/**
 * Event of the authentication service sent to a connection whose session was ended elsewhere (signed out on
 * another connection with the same token, or revoked at the identity provider). Its calls are refused from then on.
 */
export const SESSION_ENDED_EVENT = 'ended'

/** Custom events of the authentication service. */
export const authenticationEvents = [SESSION_ENDED_EVENT] as const

/** The only strategy the portal uses: an identity token from the OIDC provider, verified against its JWKS. */
export const AUTHENTICATION_STRATEGY = 'jwt'

/** OIDC client ids the server accepts as token audience. */
export const OIDC_CLIENT_IDS = ['portal-web', 'portal-cli'] as const

/** The signed-in user as the server sees it (SPEC §3 "User (session)"). */
export const sessionUserSchema = Type.Object(
  {
    keycloakId: Type.String({ description: 'OIDC subject (users.keycloak_id)' }),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    locale: StringEnum(['en', 'de']),
    favClient: Type.Union([Type.Integer(), Type.Null()]),
    permissions_array: Type.Array(Type.String()),
    klienten_array: Type.Array(Type.Integer()),
  },
  { $id: 'SessionUser', additionalProperties: false },
)

/** The signed-in user as the server sees it. */
export type SessionUser = Static<typeof sessionUserSchema>

/** create /authentication: the identity token is sent as accessToken (SPEC §7). */
export const authenticationRequestSchema = Type.Object(
  {
    strategy: Type.Literal(AUTHENTICATION_STRATEGY),
    accessToken: Type.String({ minLength: 1 }),
    // The OAuth access token may be sent along (SPEC §7); the server does not need it.
    access_token: Type.Optional(Type.String()),
  },
  { $id: 'AuthenticationRequest', additionalProperties: false },
)

/** Body of create /authentication. */
export type AuthenticationRequest = Static<typeof authenticationRequestSchema>

/** Answer of create /authentication (and of remove, which echoes the ended session). */
export const authenticationResultSchema = Type.Object(
  {
    accessToken: Type.String(),
    authentication: Type.Object({
      strategy: Type.Literal(AUTHENTICATION_STRATEGY),
      accessToken: Type.Optional(Type.String()),
      payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
    user: sessionUserSchema,
  },
  { $id: 'AuthenticationResult' },
)

/** Answer of create /authentication. */
export type AuthenticationResult = Static<typeof authenticationResultSchema>

/** i18n keys (namespace idp) carried in NotAuthenticated errors' data.key. */
export const authenticationErrorKeys = {
  invalidToken: 'idp:errors.invalidToken',
  expiredToken: 'idp:errors.expiredToken',
  unknownUser: 'idp:errors.unknownUser',
  disabledUser: 'idp:errors.disabledUser',
  missingToken: 'idp:errors.missingToken',
  unknownStrategy: 'idp:errors.unknownStrategy',
  sessionEnded: 'idp:errors.sessionEnded',
} as const

/** One of the authentication error keys. */
export type AuthenticationErrorKey = (typeof authenticationErrorKeys)[keyof typeof authenticationErrorKeys]

/**
 * The authentication service: signing in is what the other rules need, so no ability rule applies to it; the auth
 * client calls it (no typed view here), and its `ended` notice goes to the ended session's connections only.
 */
export const authenticationDescriptor = defineService<never>()({
  path: authenticationPath,
  methods: authenticationMethods,
  schemas: { data: authenticationRequestSchema, result: authenticationResultSchema },
  abilities: {},
  events: 'none',
})
