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
