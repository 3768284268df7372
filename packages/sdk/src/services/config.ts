import { Type, type Static } from '@feathersjs/typebox'
import type { Finds } from './common'
import { sessionRule, defineService } from './descriptor'

/** Path of the backend-config service (SPEC §7: loads the backend config). */
export const configPath = 'config'

/** Methods the config service offers. */
export const configMethods = ['find'] as const

/** The backend config: branding, documentation link, the accounting system and who owns sign-in. */
export const configSchema = Type.Object(
  {
    brandShort: Type.String(),
    brandName: Type.String(),
    slogans: Type.Object({ en: Type.String(), de: Type.String() }),
    docUrl: Type.String(),
    defaultAccountSystem: Type.String(),
    /** The external identity provider's issuer (OIDC_ISSUER), when sign-in, passwords and second factors are its. */
    externalIssuer: Type.Optional(Type.String()),
    /** False when no mail server is configured (SMTP_URL): reminders and mention notices are not sent, and screens say so. */
    outgoingMail: Type.Optional(Type.Boolean()),
  },
  { $id: 'Config', additionalProperties: false },
)

/** Backend config as the client receives it. */
export type Config = Static<typeof configSchema>

/** The config service takes no query. */
export const configQuerySchema = Type.Object({}, { $id: 'ConfigQuery', additionalProperties: false })

/** Query of config.find. */
export type ConfigQuery = Static<typeof configQuerySchema>

/** Typed client view of the config service: find answers one object, not a list. */
export type ConfigClientService = Finds<ConfigQuery, Config>

/** The config service: any signed-in user reads it; no events. */
export const configDescriptor = defineService<ConfigClientService>()({
  path: configPath,
  methods: configMethods,
  schemas: { query: configQuerySchema, result: configSchema },
  abilities: { find: sessionRule() },
  events: 'none',
})
