import { BadRequest, Conflict, NotFound, Unprocessable } from '@feathersjs/errors'
import type { ErpRefusal } from '@portal/sdk/services'
import type { ErpResultReason } from '../erp/index'

// The export's refusals, each with its i18n key (namespace erp) and the values the text names.

/** The batch was checked and refused: `data.refusals` lists every document and reason. */
export function batchRefused(refusals: ErpRefusal[]): Unprocessable {
  return new Unprocessable(`The export was refused: ${refusals.length} booking(s) would be wrong`, {
    key: 'erp:error.batchRefused',
    params: { count: refusals.length },
    refusals,
  })
}

/** No booking is left to export in the range. */
export function nothingToExport(companyNo: number): Unprocessable {
  return new Unprocessable(`No booked document left to export for company ${companyNo}`, {
    key: 'erp:error.nothingToExport',
    params: { companyNo },
  })
}

/** A batch that does not exist (the policy answers a foreign one the same way before this). */
export function batchNotFound(id: number): NotFound {
  return new NotFound(`Export batch ${id} does not exist`, { key: 'erp:error.batchNotFound', params: { id } })
}

/** A status change of a revoked batch. */
export function batchRevoked(id: number): Conflict {
  return new Conflict(`Export batch ${id} is revoked`, { key: 'erp:error.batchRevoked', params: { id } })
}

/** Revoking a batch the ERP has imported. */
export function batchImported(id: number): Conflict {
  return new Conflict(`Export batch ${id} was imported and can no longer be revoked`, { key: 'erp:error.batchImported', params: { id } })
}

/** A range that is neither one period nor one from–to pair, or runs backwards. */
export function badRange(field: string, key: 'erp:error.rangeRequired' | 'erp:error.rangeOrder' | 'erp:error.datevOneYear', params: Record<string, unknown> = {}): BadRequest {
  return new BadRequest(`Field "${field}": ${key.slice('erp:error.'.length)}`, { key, params: { field, ...params } })
}

/** A result file that is not in the documented format: the line and what is wrong there (its own i18n key). */
export function resultUnreadable(
  line: number,
  key: ErpResultReason,
  params: Record<string, string | number>,
): BadRequest {
  return new BadRequest(`Field "content": the import result file could not be read at line ${line} (${key})`, {
    key,
    params: { field: 'content', line, ...params },
  })
}
