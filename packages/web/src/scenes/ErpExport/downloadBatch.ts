import { erpExportHttpPaths, type ErpExportBatch } from '@portal/sdk/services'
import { downloadFile, type DownloadOutcome } from '../../lib/downloadFile'

export type { DownloadOutcome } from '../../lib/downloadFile'

/**
 * Fetches a batch's ZIP with the bearer token and hands it to the browser as a download under the batch's own file
 * name. The server answers the same bytes every time.
 */
export async function downloadBatch(batch: Pick<ErpExportBatch, 'id' | 'file_name'>, token: () => Promise<string | null>): Promise<DownloadOutcome> {
  return downloadFile(erpExportHttpPaths.download(batch.id), batch.file_name, token)
}
