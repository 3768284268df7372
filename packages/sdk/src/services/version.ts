import { Type, type Static } from '@feathersjs/typebox'
import type { Finds } from './common'
import { publicRule, defineService } from './descriptor'

/** Path of the version service (SPEC §7: compared each minute by the start-up version check). */
export const versionPath = 'version'

/** Methods the version service offers. */
export const versionMethods = ['find'] as const

/** Version information: the frontend's semver and distance, the build number and the server version. */
export const versionSchema = Type.Object(
  {
    frontend: Type.Object({
      semver: Type.Object({ major: Type.Integer(), minor: Type.Integer(), patch: Type.Integer() }),
      distance: Type.Integer({ minimum: 0 }),
    }),
    build: Type.Integer(),
    server: Type.String(),
    /** The OCR engine reading scans (e.g. "tesseract 5.3.0 (native)"), shown on /app-info; answered only to a signed-in user. */
    ocrEngine: Type.Optional(Type.String()),
  },
  { $id: 'Version', additionalProperties: false },
)

/** Version info as the client receives it. */
export type VersionInfo = Static<typeof versionSchema>

/** The version service takes no query. */
export const versionQuerySchema = Type.Object({}, { $id: 'VersionQuery', additionalProperties: false })

/** Query of version.find. */
export type VersionQuery = Static<typeof versionQuerySchema>

/** Typed client view of the version service: find answers one object. */
export type VersionClientService = Finds<VersionQuery, VersionInfo>

/** The version service: public, so an out-of-date client learns it before signing in; no events. */
export const versionDescriptor = defineService<VersionClientService>()({
  path: versionPath,
  methods: versionMethods,
  schemas: { query: versionQuerySchema, result: versionSchema },
  abilities: { find: publicRule },
  events: 'none',
})
