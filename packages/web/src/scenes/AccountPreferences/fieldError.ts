import { errorDataOf, errorToMessage } from '@portal/sdk/errors'
import type { Translate } from '@portal/sdk/i18n'

/** A refusal of the server as the form shows it: the field it names (if any) and the message in the user's language. */
export function fieldError(error: unknown, t: Translate): { field: string | undefined; message: string } {
  const field = errorDataOf(error)?.params?.field
  return { field: typeof field === 'string' ? field : undefined, message: errorToMessage(error, t) }
}
