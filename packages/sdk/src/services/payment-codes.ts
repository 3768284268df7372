import { type EpcIssue } from '../domain/index'
import { type Gets } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the payment codes: an EPC/GiroCode QR code for paying a supplier's open invoice from a banking app. */
export const paymentCodesPath = 'payment-codes'

/** Methods of payment-codes: get by the booking's id. */
export const paymentCodesMethods = ['get'] as const

/** A payment code: the EPC069-12 payload, the QR code as SVG and a printable PDF (base64). */
export interface PaymentCode {
  booking_id: number
  company_no: number
  name: string
  iban: string
  bic: string
  amount: string
  /** The discount taken off the amount while it applies ('0.00' otherwise) and its deadline. */
  discount: string
  discount_due_date: string | null
  reference: string
  payload: string
  svg: string
  pdf_base64: string
  /** EPC069-12 rules the payload breaks (always empty for a code that is handed out). */
  issues: EpcIssue[]
}

/** Typed client view of payment-codes. */
export type PaymentCodesClientService = Gets<PaymentCode>

/** The payment-codes service: `pay` (SPEC §6: create payment QR codes) and the invoice's company; only incoming invoices. */
export const paymentCodesDescriptor = defineService<PaymentCodesClientService>()({
  path: paymentCodesPath,
  methods: paymentCodesMethods,
  schemas: {},
  abilities: { get: companyRule(['pay']) },
  events: 'none',
})
