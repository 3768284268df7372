import type { VersionInfo } from '@portal/sdk/services'
import { APP_VERSION } from '@portal/sdk/domain'

/** Version info the clients compare each minute (SPEC §4 start-up version check). */
export class VersionService {
  /** Answers the frontend semver and distance, the build and the server version. */
  async find(): Promise<VersionInfo> {
    return {
      frontend: {
        semver: { major: APP_VERSION.major, minor: APP_VERSION.minor, patch: APP_VERSION.patch },
        distance: 0,
      },
      build: APP_VERSION.build,
      server: APP_VERSION.text,
    }
  }
}
