import { describe, expect, it } from 'vitest'
import { can } from '../services/abilities'
import { labelPermissions, viewOfDocument, viewPermissions } from './review'
import { DocumentStatus } from './status'

const staff = { permissions_array: ['doc', 'app', 'lab', 'lar'], klienten_array: [1001] }
const client = { permissions_array: ['doc', 'app'], klienten_array: [1001] }
const labeler = { permissions_array: ['doc', 'lab'], klienten_array: [1001] }

describe('review rules', () => {
  it('keeps the outgoing views to lar and everything else to the company', () => {
    expect(can(staff, 'aggregator', 'find', { companyNo: 1001, requires: viewPermissions('AR_U') })).toBe(true)
    expect(can(client, 'aggregator', 'find', { companyNo: 1001, requires: viewPermissions('AR') })).toBe(false)
    expect(can(client, 'aggregator', 'find', { companyNo: 1001, requires: viewPermissions('ER_U') })).toBe(true)
  })

  it('asks app for a correction of a confirmed document', () => {
    expect(can(labeler, 'document-labels', 'create', { companyNo: 1001, requires: labelPermissions(0) })).toBe(true)
    expect(can(labeler, 'document-labels', 'create', { companyNo: 1001, requires: labelPermissions(DocumentStatus.Confirmed) })).toBe(false)
    expect(can(client, 'document-labels', 'create', { companyNo: 1001, requires: labelPermissions(DocumentStatus.Confirmed) })).toBe(true)
  })

  it('names the view a document shows in', () => {
    expect(viewOfDocument({ document_type: 'ER', status: 0 })).toBe('ER_U')
    expect(viewOfDocument({ document_type: 'AR', status: DocumentStatus.Confirmed | DocumentStatus.Booked })).toBe('AR')
    expect(viewOfDocument({ document_type: 'KA', status: 0 })).toBe('KA')
    expect(viewOfDocument({ document_type: 'Other', status: 0 })).toBe('OtherDocuments')
    expect(viewOfDocument({ document_type: 'ER', status: 0, deleted_at: '2026-01-01T00:00:00Z' })).toBe('Trash')
  })
})
