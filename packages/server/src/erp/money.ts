/**
 * Exact money for the export writers: amounts travel as integer cents (numbers; a booking's amounts stay far below
 * 2^53 cents), and only the writers turn them into each format's notation.
 */

/** '-1234.5' or '100.00' (the database's decimal strings) as integer cents; throws on anything else. */
export function toCents(decimal: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim())
  if (!match) throw new Error(`Not an amount with at most two decimals: "${decimal}"`)
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] && cents !== 0 ? -cents : cents
}

/** Cents as a decimal with two places and `separator` ('.' or ','), a leading '-' when negative; no thousands marks. */
export function formatCents(cents: number, separator: '.' | ',' = '.'): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}${separator}${String(abs % 100).padStart(2, '0')}`
}

/** A rate or percentage ('20', '13.00', '2.5') without trailing zeros, with `separator`: '20', '2,5'. */
export function formatRate(rate: string, separator: '.' | ',' = '.'): string {
  const [whole, fraction = ''] = rate.trim().split('.')
  const trimmed = fraction.replace(/0+$/, '')
  return trimmed ? `${whole}${separator}${trimmed}` : (whole ?? '0')
}

/** An exchange rate ('1.085000') as millionths, to convert without floats. */
export function toMicros(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(rate.trim())
  if (!match) throw new Error(`Not an exchange rate: "${rate}"`)
  return BigInt(match[1] ?? '0') * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'))
}

/**
 * Foreign-currency cents in euro cents at `rate` (units of the currency per euro, as bookings store it), rounded half
 * away from zero: 108.50 USD at 1.085 → 100.00 EUR.
 */
export function toEuroCents(foreignCents: number, rate: string): number {
  const micros = toMicros(rate)
  if (micros === 0n) throw new Error('An exchange rate of 0 cannot convert')
  const scaled = BigInt(Math.abs(foreignCents)) * 1_000_000n
  const euro = Number((scaled * 2n + micros) / (micros * 2n))
  return foreignCents < 0 ? -euro : euro
}

/** `rate` percent of `cents`, rounded half away from zero (the tax a net amount should carry). */
export function percentOf(cents: number, rate: string): number {
  const [whole = '0', fraction = ''] = rate.trim().split('.')
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
  const scaled = BigInt(Math.abs(cents)) * hundredths
  const tax = Number((scaled * 2n + 10_000n) / 20_000n)
  return cents < 0 ? -tax : tax
}
