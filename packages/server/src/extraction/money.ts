// Exact decimal arithmetic on strings via scaled BigInt: totals must never go through floats.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** Parses a plain decimal string ("-1234.5") into a scaled integer and scale; null if malformed. */
function parse(value: string): { units: bigint; scale: number } | null {
  const match = DECIMAL.exec(value.trim())
  if (!match) return null
  const fraction = match[3] ?? ''
  const units = BigInt(match[2] + fraction) * (match[1] === '-' ? -1n : 1n)
  return { units, scale: fraction.length }
}

function rescale(units: bigint, from: number, to: number): bigint {
  return units * 10n ** BigInt(to - from)
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = scale > 0 ? '.' + digits.slice(digits.length - scale) : ''
  return (negative ? '-' : '') + whole + fraction
}

/** Canonical form of a decimal string: no leading zeros, at least two decimals, trailing zeros beyond two cut. */
export function canonicalDecimal(value: string): string | null {
  const parsed = parse(value)
  if (!parsed) return null
  let { units, scale } = parsed
  while (scale > 2 && units % 10n === 0n) {
    units /= 10n
    scale -= 1
  }
  if (scale < 2) {
    units = rescale(units, scale, 2)
    scale = 2
  }
  return format(units, scale)
}

/** Canonical form of a percentage: trailing zeros and a trailing dot removed ("20.00" -> "20"). */
export function canonicalRate(value: string): string | null {
  const parsed = parse(value)
  if (!parsed) return null
  let { units, scale } = parsed
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n
    scale -= 1
  }
  return format(units, scale)
}

/** Exact sum of decimal strings; null if any is malformed. */
export function addDecimals(values: string[]): string | null {
  const parsed = values.map(parse)
  if (parsed.some((p) => p === null)) return null
  const scale = Math.max(2, ...parsed.map((p) => p!.scale))
  const total = parsed.reduce((sum, p) => sum + rescale(p!.units, p!.scale, scale), 0n)
  return canonicalDecimal(format(total, scale))
}

/** a - b exactly; null if either is malformed. */
export function subtractDecimals(a: string, b: string): string | null {
  const negated = b.trim().startsWith('-') ? b.trim().slice(1) : '-' + b.trim()
  return addDecimals([a, negated])
}

/** Compares two decimal strings exactly: -1, 0 or 1; null if either is malformed. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | null {
  const difference = subtractDecimals(a, b)
  if (difference === null) return null
  if (/^-?0\.0+$/.test(difference)) return 0
  return difference.startsWith('-') ? -1 : 1
}

/** True when two decimal strings denote the same number. */
export function sameDecimal(a: string, b: string): boolean {
  return compareDecimals(a, b) === 0
}

/** basis × rate / 100, rounded half away from zero to cents; null if malformed. */
export function percentOf(basis: string, rate: string): string | null {
  const b = parse(basis)
  const r = parse(rate)
  if (!b || !r) return null
  const scale = b.scale + r.scale + 2
  const product = b.units * r.units // scaled by 10^(b.scale + r.scale), then /100 makes scale + 2
  const divisor = 10n ** BigInt(scale - 2)
  const doubled = (product * 2n) / divisor
  const cents = doubled >= 0n ? (doubled + 1n) / 2n : (doubled - 1n) / 2n
  return format(cents, 2)
}

/**
 * Reads an amount as printed on a page: "1.234,56", "1,234.56", "1 234,56", "1234.5", "-12,00", "12,00-".
 * Returns a canonical decimal string or null when the text is not an amount.
 */
export function parsePrintedAmount(text: string): string | null {
  let raw = text.trim().replace(/[\u00a0\u202f']/g, ' ')
  let negative = false
  if (/^-|^\u2212/.test(raw) || /-$/.test(raw) || /^\(.*\)$/.test(raw)) negative = true
  raw = raw.replace(/^[-\u2212(]+|[-)]+$/g, '').trim()
  if (!/^\d[\d ., ]*$/.test(raw)) return null
  raw = raw.replace(/ (?=\d{3}(\D|$))/g, '')
  if (/\s/.test(raw)) return null
  const lastComma = raw.lastIndexOf(',')
  const lastDot = raw.lastIndexOf('.')
  let whole: string
  let fraction = ''
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalSep = lastComma > lastDot ? ',' : '.'
    const groupSep = decimalSep === ',' ? '.' : ','
    const [w, f, extra] = raw.split(decimalSep)
    if (extra !== undefined || !validGrouping(w, groupSep)) return null
    whole = w.split(groupSep).join('')
    fraction = f
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.'
    const parts = raw.split(sep)
    const tail = parts[parts.length - 1]
    if (parts.length === 2 && tail.length !== 3) {
      whole = parts[0]
      fraction = tail
    } else if (parts.length === 2 && tail.length === 3 && sep === ',' ) {
      // "1,234" is a thousands group in English layouts; German would print "1,234" only for three decimals.
      whole = parts.join('')
    } else if (parts.length === 2 && tail.length === 3) {
      whole = parts.join('')
    } else {
      if (!validGrouping(raw, sep)) return null
      whole = parts.join('')
    }
  } else {
    whole = raw
  }
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null
  const canonical = canonicalDecimal(`${negative ? '-' : ''}${whole}${fraction ? '.' + fraction : ''}`)
  return canonical
}

function validGrouping(whole: string, separator: string): boolean {
  if (!whole.includes(separator)) return /^\d+$/.test(whole)
  const groups = whole.split(separator)
  return /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g))
}
