/** A catalogue: nested objects whose leaves are texts. */
export interface Catalogue {
  readonly [key: string]: string | Catalogue
}

/** The shape of `T` with every text replaced by `string`: a translation must have exactly the same keys. */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> }

/** Dotted paths to every text of a catalogue, e.g. `vatId.empty`. */
export type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** Interpolation values of a message, e.g. `{ min: 3 }` for "at least {{min}} characters". */
export type MessageParams = Readonly<Record<string, string | number>>

/** A message to show later in the user's language: an i18n key plus its parameters. */
export interface Message {
  readonly key: string
  readonly params?: MessageParams
}

/** The part of i18next's `t` the SDK needs; any i18next instance's `t` fits. */
export type Translate = (key: string, options?: Readonly<Record<string, unknown>>) => string
