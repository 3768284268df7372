import { isCalendarDate } from '../validators/dates'
import { formatCents, toCents } from './booking'

/** Ageing buckets of an open item by days past its due date (not due, 1–30, 31–60, 61–90, over 90). */
export const AGEING_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const

/** One ageing bucket. */
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]

/** The highest days overdue of each bucket (the last is open-ended); the server's SQL is built from the same figures. */
export const AGEING_LIMITS: Readonly<Record<AgeingBucket, number>> = {
  notDue: 0,
  days1to30: 30,
  days31to60: 60,
  days61to90: 90,
  over90: Number.POSITIVE_INFINITY,
}

/** Days ahead within which a discount deadline is shown as coming up. */
export const DISCOUNT_SOON_DAYS = 7

/** Which side an open item is on: incoming invoices we owe (ER), outgoing invoices we are owed (AR). */
export const OPEN_ITEM_SIDES = ['ER', 'AR'] as const

/** One side of the open items. */
export type OpenItemSide = (typeof OPEN_ITEM_SIDES)[number]

/** Today's calendar date in Austria (YYYY-MM-DD): what ageing and discount deadlines count from. */
export function viennaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

const DAY_MS = 86_400_000
const dayNumber = (isoDate: string): number => Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS)

/** Whole calendar days from one ISO date to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

/** Days an item is past its due date on `today` (0 when not yet due); without a due date the document date counts. */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today))
}

/** The ageing bucket of an item that is `overdue` days past due. */
export function ageingBucket(overdue: number): AgeingBucket {
  return AGEING_BUCKETS.find((bucket) => overdue <= AGEING_LIMITS[bucket]) ?? 'over90'
}

/** The discount (Skonto) of an invoice in cents: percent of the gross, rounded half up to the cent. */
export function discountCents(grossCents: number, percent: number): number {
  return Math.round((grossCents * Math.round(percent * 100)) / 10_000)
}

/** What an item's discount means on a given day. */
export interface DiscountState {
  /** The discount in cents (0 without one). */
  amountCents: number
  /** Whether paying today still earns it (on or before the discount due date). */
  applies: boolean
  /** Days left until the discount deadline (negative when past; null without one). */
  daysLeft: number | null
  /** The deadline is today or within DISCOUNT_SOON_DAYS. */
  soon: boolean
}

/** The discount of an item on `today`; it applies only while nothing has been paid yet and the deadline has not passed. */
export function discountOn(item: { grossCents: number; percent: number | null; discountDueDate: string | null; paidCents: number }, today: string): DiscountState {
  if (!item.percent || !item.discountDueDate) return { amountCents: 0, applies: false, daysLeft: null, soon: false }
  const amountCents = discountCents(item.grossCents, item.percent)
  const daysLeft = daysBetween(today, item.discountDueDate)
  const applies = daysLeft >= 0 && item.paidCents === 0 && amountCents > 0
  return { amountCents, applies, daysLeft, soon: applies && daysLeft <= DISCOUNT_SOON_DAYS }
}

/** How a payment settles an item: the discount it earns and what stays open. */
export interface Settlement {
  discountCents: number
  remainingCents: number
  /** 'paid' when nothing stays open, else 'partlyPaid'. */
  state: 'paid' | 'partlyPaid'
}

/**
 * Applies a payment to an item with `openCents` still open. A payment made while the discount applies that covers
 * the gross less the discount settles the item in full and earns the discount; any other payment reduces what is open.
 */
export function settle(openCents: number, paymentCents: number, discount: DiscountState): Settlement {
  const earned = discount.applies && paymentCents < openCents && paymentCents >= openCents - discount.amountCents ? openCents - paymentCents : 0
  const remainingCents = Math.max(0, openCents - paymentCents - earned)
  return { discountCents: earned, remainingCents, state: remainingCents === 0 ? 'paid' : 'partlyPaid' }
}

/** A payment a person enters for an open item. */
export interface PaymentInput {
  paid_on: string
  amount: string
  method: string
}

/** A refusal of a payment: the field and the rule (an i18n key of the `unpaid` namespace). */
export interface PaymentIssue {
  field: 'paid_on' | 'amount' | 'method'
  rule: string
}

/** The rules of a payment: a real date not before the document date, an amount above 0 and at most what is open. */
export function checkPayment(input: PaymentInput, item: { openCents: number; documentDate: string }, methods: readonly string[]): PaymentIssue[] {
  const issues: PaymentIssue[] = []
  if (!isCalendarDate(input.paid_on)) issues.push({ field: 'paid_on', rule: 'payment.dateInvalid' })
  else if (daysBetween(item.documentDate, input.paid_on) < 0) issues.push({ field: 'paid_on', rule: 'payment.beforeDocument' })
  const cents = toCents(input.amount)
  if (cents === undefined || cents <= 0) issues.push({ field: 'amount', rule: 'payment.amountInvalid' })
  else if (cents > item.openCents) issues.push({ field: 'amount', rule: 'payment.amountTooHigh' })
  if (!methods.includes(input.method)) issues.push({ field: 'method', rule: 'payment.methodInvalid' })
  return issues
}

/** The amount a payment code asks for: the open amount less the discount while it applies, as '123.45'. */
export function amountToPay(openCents: number, discount: DiscountState): string {
  return formatCents(discount.applies ? openCents - discount.amountCents : openCents)
}
