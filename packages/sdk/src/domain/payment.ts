/** Payment methods of a document (§3). */
export const PaymentMethod = {
  bankTransaction: 'bankTransaction',
  sepaDirectDebit: 'sepaDirectDebit',
  cash: 'cash',
  creditCard: 'creditCard',
} as const

/** One payment method. */
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod]

/** Every payment method. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = Object.values(PaymentMethod)

/** The extraction's and the e-invoices' name of a cash payment (besides PaymentMethod.cash, which people label). */
const CASH_PAYMENTS: readonly string[] = [PaymentMethod.cash, 'paid_cash']

/** True when a document's payment method says it was paid cash (a till receipt: the cash book's, SPEC §3 KA). */
export function isCashPayment(method: string | null | undefined): boolean {
  return typeof method === 'string' && CASH_PAYMENTS.includes(method)
}
