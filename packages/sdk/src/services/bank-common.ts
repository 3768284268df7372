import { Type } from '@feathersjs/typebox'
import type { BankAccessPhase, BankAccessStatus, MatchReason } from '../domain/index'

/** Texts of amounts on the wire: "-1234.56". */
export const amountText = () => Type.String({ pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$', maxLength: 17 })

/** An account's access as the client and the firm see it, with its state on the server's today. */
export interface BankAccessRecord {
  id: number
  company_no: number
  company_name: string | null
  iban: string
  name: string | null
  provider: 'files' | 'psd2'
  status: BankAccessStatus
  state: BankAccessPhase
  /** First day it reads no more (null before approval). */
  expires_on: string | null
  /** Days left until expiry (null before approval). */
  days_left: number | null
  requested_by_name: string | null
  requested_at: string
  decided_by_name: string | null
  decided_at: string | null
  reason: string | null
  /** The provider's consent link to follow (PSD2 only). */
  consent_link: string | null
  /** Every step, oldest first. */
  events: { action: string; actor_name: string | null; at: string; expires_on: string | null }[]
}

/** A proposal of how a movement settles open items (SDK `proposeMatches`), as stored and shown. */
export interface BankProposalRecord {
  items: { bookingId: number; documentNumber: string | null; amountCents: number; discountCents: number }[]
  reasons: MatchReason[]
  confidence: number
}

/** A movement on an account with its details, its match (if settled) and the proposals waiting for a click. */
export interface BankTransactionRecord {
  id: number
  company_no: number
  access_id: number
  booking_date: string
  value_date: string
  amount: string
  currency: string
  is_return: boolean
  return_reason: string | null
  bank_reference: string | null
  end_to_end_id: string | null
  mandate_id: string | null
  counterparty_name: string | null
  counterparty_iban: string | null
  remittance: string
  structured_reference: string | null
  booking_text: string | null
  batch_reference: string | null
  balance_after: string | null
  proposals: BankProposalRecord[]
  /** The settlements it made (payments of issue 18), none once unmatched. */
  matches: { id: number; payment_id: number; booking_id: number; document_number: string | null; amount: string; discount: string; automatic: boolean; confidence: number | null; reasons: string[] }[]
}
