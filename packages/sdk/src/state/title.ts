import { translateIfKnown } from '../i18n/translate'
import type { Translate } from '../i18n/types'

/** Input of pageTitle. */
export interface PageTitleInput {
  /** i18n key of the route's title, e.g. `shell:routes.invoices`; missing or unknown keys use the default. */
  readonly titleKey?: string
  /** Values for the title, e.g. `{ id }` for invoiceDetails. */
  readonly params?: Readonly<Record<string, string | number>>
  /** Brand short name from the configuration; empty leaves the suffix off. */
  readonly brand?: string
}

/** The document title of §2: the translated route title followed by the brand suffix, or the default title. */
export function pageTitle(t: Translate, { titleKey, params, brand }: PageTitleInput): string {
  const title = (titleKey && translateIfKnown(t, titleKey, params)) || t('common:page.defaultTitle')
  return brand ? t('common:page.titleWithBrand', { title, brand }) : title
}
