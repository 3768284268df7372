import type { VersionInfo } from '@portal/sdk/services'
import { APP_VERSION } from '@portal/sdk/domain'
import { ocrEngineDescription } from '../../extraction/ocr/pool'

/** Version info the clients compare each minute (SPEC §4 start-up version check). */
export class VersionService {
  /** Answers the frontend semver and distance, the build, the server version and the OCR engine reading scans. */
  async find(): Promise<VersionInfo> {
    return {
      frontend: {
        semver: { major: APP_VERSION.major, minor: APP_VERSION.minor, patch: APP_VERSION.patch },
        distance: 0,
      },
      build: APP_VERSION.build,
      server: APP_VERSION.text,
      ocrEngine: ocrEngineDescription(),
    }
  }
}
