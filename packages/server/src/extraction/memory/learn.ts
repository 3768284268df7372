import type { Box } from '../types'
import type { ConfirmedValue, LearnedField, PageSize, SupplierDefaults, SupplierMemory } from './types'

function relative(box: Box, size: PageSize): Box {
  return { x: box.x / size.width, y: box.y / size.height, width: box.width / size.width, height: box.height / size.height }
}

function compact(value: string | undefined | null): string | null {
  return value ? value.replace(/\s+/g, '').toUpperCase() : null
}

/** The supplier's identity from a document's confirmed values: VAT id, IBAN and name. */
export function supplierIdentity(confirmed: ConfirmedValue[]): Pick<SupplierMemory, 'vatId' | 'iban' | 'name'> {
  const value = (field: string) => confirmed.find((c) => c.field === field)?.value ?? null
  return { vatId: compact(value('seller_vat_id')), iban: compact(value('iban')), name: value('seller_name') }
}

/**
 * Updates (or starts) a supplier's memory from one confirmed document: the place and label of each
 * confirmed value, and the booking defaults chosen. Pure: returns a new memory.
 */
export function learnSupplier(
  memory: SupplierMemory | null,
  confirmed: ConfirmedValue[],
  pages: PageSize[],
  defaults: SupplierDefaults = {},
): SupplierMemory {
  const identity = supplierIdentity(confirmed)
  const fields: LearnedField[] = [...(memory?.fields ?? [])]
  for (const value of confirmed) {
    const size = pages.find((p) => p.page === value.page)
    if (!value.page || !size || (!value.box && !value.label)) continue
    const learned: LearnedField = {
      field: value.field,
      page: value.page,
      box: value.box ? relative(value.box, size) : null,
      label: value.label ?? null,
      seen: 1,
    }
    const at = fields.findIndex((f) => f.field === value.field)
    // The latest confirmation wins; agreeing with the one before makes the place more certain.
    if (at >= 0) learned.seen = fields[at].label === learned.label ? fields[at].seen + 1 : 1
    if (at >= 0) fields[at] = learned
    else fields.push(learned)
  }
  return {
    vatId: identity.vatId ?? memory?.vatId ?? null,
    iban: identity.iban ?? memory?.iban ?? null,
    name: identity.name ?? memory?.name ?? null,
    fields,
    defaults: { ...memory?.defaults, ...defaults },
    documents: (memory?.documents ?? 0) + 1,
  }
}
