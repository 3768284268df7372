import { useMemo } from 'react'
import { createLiveQuery, type LiveQueryState } from '@portal/sdk/client'
import type { DocumentCommentRecord, DocumentCommentsQuery, DocumentRequestMessageRecord, DocumentRequestMessagesQuery } from '@portal/sdk/services'
import { useLiveQuery } from './useLiveQuery'
import { useSession } from './useSession'

const oldestFirst = (a: { id: number }, b: { id: number }) => a.id - b.id

/** One request's reply thread, live. */
export function useRequestMessages(requestId: number, onError: (error: unknown) => void): LiveQueryState<DocumentRequestMessageRecord> | null {
  const { client } = useSession()
  const live = useMemo(
    () =>
      createLiveQuery<DocumentRequestMessageRecord, DocumentRequestMessagesQuery>(client.service('document-request-messages'), { request_id: requestId, $limit: 500 }, {
        belongsTo: (message) => message.request_id === requestId,
        sort: oldestFirst,
        reconnects: client.socket.io,
      }),
    [client, requestId],
  )
  return useLiveQuery(live, onError)
}

/** One document's comment thread, live (only for those who may see the document: the server decides). */
export function useDocumentComments(documentId: number, onError: (error: unknown) => void): LiveQueryState<DocumentCommentRecord> | null {
  const { client } = useSession()
  const live = useMemo(
    () =>
      createLiveQuery<DocumentCommentRecord, DocumentCommentsQuery>(client.service('document-comments'), { document_id: documentId, $limit: 500 }, {
        belongsTo: (comment) => comment.document_id === documentId,
        // A deleted comment keeps its place (its `removed_at` is not `deleted_at`).
        isDeleted: () => false,
        sort: oldestFirst,
        reconnects: client.socket.io,
      }),
    [client, documentId],
  )
  return useLiveQuery(live, onError)
}
