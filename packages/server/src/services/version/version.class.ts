import type { VersionInfo } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { APP_VERSION } from '@portal/sdk/domain'
import { ocrEngineDescription } from '../../extraction/ocr/pool'

/** Version info the clients compare each minute (SPEC §4 start-up version check). */
export class VersionService {
  /**
   * Answers the frontend semver and distance, the build and the server version to anyone (an out-of-date client
   * learns it before signing in); the OCR engine reading scans only to a signed-in user, for /app-info.
   */
  async find(params: PortalParams = {}): Promise<VersionInfo> {
    const version: VersionInfo = {
      frontend: {
        semver: { major: APP_VERSION.major, minor: APP_VERSION.minor, patch: APP_VERSION.patch },
        distance: 0,
      },
      build: APP_VERSION.build,
      server: APP_VERSION.text,
    }
    return params.user ? { ...version, ocrEngine: ocrEngineDescription() } : version
  }
}
