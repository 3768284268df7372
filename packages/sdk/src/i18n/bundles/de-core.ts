// German catalogues for the web app: the shell's texts, loaded before the first screen. lazy.ts loads this file as a chunk of its own.
// Every namespace of resources.ts but cli is in exactly one group (lazy.test.ts checks it).
import { common } from '../locales/de/common'
import { errors } from '../locales/de/errors'
import { shell } from '../locales/de/shell'

export const catalogues = { common, errors, shell }
