import { describe, expect, it } from 'vitest'
import { can, refusal } from '../services/abilities'
import { documentRecordRequires, hiddenKinds, kindPermissions, labelPermissions, viewOfDocument, viewPermissions } from './review'
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

describe('outgoing invoices are for lar (issue 30)', () => {
  it('asks lar of an outgoing invoice only, and hides it from whoever lacks lar', () => {
    expect(kindPermissions('AR')).toEqual(['lar'])
    expect(kindPermissions('ER')).toEqual([])
    expect(kindPermissions('toString')).toEqual([])
    expect(hiddenKinds(['doc', 'rep', 'app'])).toEqual(['AR'])
    expect(hiddenKinds(['doc', 'lar'])).toEqual([])
    expect(documentRecordRequires({ document_type: 'AR' })).toEqual(['lar'])
    expect(documentRecordRequires({ id: 1 })).toEqual([])
  })

  it('lets the policy refuse a record that asks for a right, whatever the method', () => {
    const client = { permissions_array: ['doc'], klienten_array: [1002] }
    expect(refusal(client, 'documents', 'get', { companyNo: 1002, recordRequires: ['lar'] })).toBe('forbidden')
    expect(refusal({ ...client, permissions_array: ['doc', 'lar'] }, 'documents', 'get', { companyNo: 1002, recordRequires: ['lar'] })).toBeUndefined()
    expect(refusal(client, 'documents', 'get', { companyNo: 1002, recordRequires: [] })).toBeUndefined()
  })
})
