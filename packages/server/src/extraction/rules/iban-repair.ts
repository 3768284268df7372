import { getCountrySpecifications, isValidIBAN } from 'ibantools'

// Shapes OCR confuses: a letter where the country's format has a digit, and the other way round.
const AS_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' }
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' }

type Slot = 'digit' | 'letter' | 'any'

const specs = getCountrySpecifications()
const slotsByCountry = new Map<string, Slot[] | null>()

/** The kind of character each BBAN position holds, from the registry's pattern ("^[A-Z]{4}[0-9]{10}$"). */
function bbanSlots(country: string): Slot[] | null {
  if (slotsByCountry.has(country)) return slotsByCountry.get(country) ?? null
  const pattern = specs[country]?.bban_regexp
  let slots: Slot[] | null = null
  if (pattern) {
    slots = []
    for (const [, set, count] of pattern.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)) {
      const slot: Slot = set === '0-9' ? 'digit' : set === 'A-Z' ? 'letter' : 'any'
      for (let index = 0; index < Number(count); index += 1) slots.push(slot)
    }
  }
  slotsByCountry.set(country, slots)
  return slots
}

/**
 * The IBAN a misread one most likely is: where the country's format wants a digit and OCR read a letter
 * of the same shape (O for 0, I for 1, B for 8 …), or the other way round, the character is swapped
 * back. Answered only when the result passes the checksum, so a swap never invents an account.
 */
export function repairOcrIban(raw: string): string | null {
  const compact = raw.replace(/\s+/g, '').toUpperCase()
  const country = compact.slice(0, 2)
  const slots = bbanSlots(country)
  if (!slots || compact.length !== slots.length + 4) return null
  const checkDigits = [...compact.slice(2, 4)].map((char) => (/\d/.test(char) ? char : AS_DIGIT[char]))
  if (checkDigits.some((char) => char === undefined)) return null
  let bban = ''
  for (const [index, char] of [...compact.slice(4)].entries()) {
    const slot = slots[index]
    const fixed = slot === 'digit' && !/\d/.test(char) ? AS_DIGIT[char] : slot === 'letter' && /\d/.test(char) ? AS_LETTER[char] : char
    if (fixed === undefined) return null
    bban += fixed
  }
  const repaired = country + checkDigits.join('') + bban
  return repaired !== compact && isValidIBAN(repaired) ? repaired : null
}
