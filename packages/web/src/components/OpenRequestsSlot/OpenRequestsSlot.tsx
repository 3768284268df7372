import { serviceDescriptors } from '@portal/sdk/services'

/** The path of the requests service (issue 34), built on another branch. */
export const DOCUMENT_REQUESTS_PATH = 'document-requests'

/** True when this build's SDK describes the requests service. */
export function hasDocumentRequests(): boolean {
  return (serviceDescriptors as readonly { path: string }[]).some((descriptor) => descriptor.path === DOCUMENT_REQUESTS_PATH)
}

/**
 * The slot for the firm's open requests on the phone's capture screen. The `document-requests` service is built on
 * another branch (issue 34); until its descriptor is in the SDK this renders nothing (no made-up requests). When it
 * lands, this is the one place to list the company's open requests (each answered by a capture or an upload).
 */
export function OpenRequestsSlot(_props: { companyNo: number }) {
  if (!hasDocumentRequests()) return null
  return null
}
