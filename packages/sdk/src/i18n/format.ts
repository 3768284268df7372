/**
 * Amounts and counts as people of a language read them, one rule for every screen: the language's separators
 * (1.250,00 · 1,250.00). Dates have their own home, `dates.ts`.
 */

// Formatters are costly to build and a screen formats hundreds of values: one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}

/**
 * An amount (a stored decimal such as 1250.00) with the language's separators and two decimals (1.250,00 ·
 * 1,250.00), with its currency when one is given (1.250,00 €); text that is no amount stays as it is.
 */
export function formatAmount(amount: string, language: string, currency?: string | null): string {
  if (!/^[+-]?\d+(\.\d+)?$/.test(amount.trim())) return amount
  const options: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency, minimumFractionDigits: 2 }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 }
  try {
    return numberFormat(language, options).format(Number(amount))
  } catch {
    // An unknown currency code: the amount without it.
    return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount))
  }
}

/** A count or other number with the language's separators (1.234 · 1,234). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, {}).format(value)
}

/** Message parameters that carry amounts (totals that do not add up, a tax line's computed and printed tax). */
const AMOUNT_PARAMS: readonly string[] = ['sum', 'total', 'expected', 'actual']

/** A message's parameters with its amounts written as the language does (120.00 → 120,00), the rest as they are. */
export function localizeAmountParams<T extends Readonly<Record<string, unknown>>>(params: T | undefined, language: string): T | undefined {
  if (!params) return params
  const out: Record<string, unknown> = { ...params }
  for (const key of AMOUNT_PARAMS) {
    const value = out[key]
    if (typeof value === 'string') out[key] = formatAmount(value, language)
  }
  return out as T
}
