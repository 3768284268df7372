/**
 * Exact decimal arithmetic for amounts: values become integer cents (bigint) so sums and
 * comparisons never meet binary floating point.
 */

/** A decimal as an integer with a scale: 12.345 is { units: 12345n, scale: 3 }. */
export interface Decimal {
  readonly units: bigint
  readonly scale: number
}

/**
 * Parses "1234.56", "1234,56", "1.234,56", "1,234.56" or a number into an exact decimal;
 * with two separators the last one is the decimal separator. Null for anything else.
 */
export function parseDecimal(value: string | number | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.replace(/[\s\u00a0']/g, '')
  if (/e/i.test(text)) return null
  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalSeparator = lastDot > lastComma ? '.' : ','
    const thousands = decimalSeparator === '.' ? ',' : '.'
    text = text.split(thousands).join('')
  }
  text = text.replace(',', '.')
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null
  const [, sign, whole = '', fraction = ''] = match
  const units = BigInt(`${whole || '0'}${fraction}`)
  return { units: sign === '-' ? -units : units, scale: fraction.length }
}

/** Exact cents of an amount; null when it is not a number or has more than two decimals. */
export function parseCents(value: string | number | null | undefined): bigint | null {
  const decimal = parseDecimal(value)
  if (!decimal) return null
  if (decimal.scale > 2) {
    // Trailing zeros (12.500) are still exact cents.
    const excess = 10n ** BigInt(decimal.scale - 2)
    return decimal.units % excess === 0n ? decimal.units / excess : null
  }
  return decimal.units * 10n ** BigInt(2 - decimal.scale)
}

/** `numerator / denominator` rounded half away from zero (commercial rounding). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const quotient = (n * 2n + d) / (d * 2n)
  return negative ? -quotient : quotient
}

/** Cents as a plain decimal text, e.g. -1234n -> "-12.34". */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n
  const absolute = negative ? -cents : cents
  const whole = absolute / 100n
  const fraction = (absolute % 100n).toString().padStart(2, '0')
  return `${negative ? '-' : ''}${whole}.${fraction}`
}
