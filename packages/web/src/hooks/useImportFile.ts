import { useCallback } from 'react'
import { sendImportFile } from '@portal/sdk/client'
import type { ImportFileContracts, ImportFileService } from '@portal/sdk/services'
import { useAccessToken } from './useAccessToken'
import { useSession } from './useSession'

/** Sends one import file through the import door (sendImportFile) with the session's token; same origin as the page. */
export type ImportFileSender = <S extends ImportFileService>(service: S, data: ImportFileContracts[S]['data'], file: File) => Promise<ImportFileContracts[S]['result']>

/**
 * The import door for the screens that take a file (statements, FON, SV, ERP results): a file over the service's limit
 * is refused before it is sent (errors:importFile.tooLarge, naming the limit), any other refusal is the service's own.
 */
export function useImportFile(): ImportFileSender {
  const { client } = useSession()
  const token = useAccessToken(client)
  return useCallback(
    async (service, data, file) => sendImportFile({ server: '', token: await token(), service, data, file, fileName: file.name }),
    [token],
  )
}
