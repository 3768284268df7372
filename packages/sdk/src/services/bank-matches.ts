import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, type Creates, type Removes } from './common'
import type { BankTransactionRecord } from './bank-common'
import { companyRule, defineService } from './descriptor'

/** Path of matching a movement to open items (a click on a proposal) and unmatching it. */
export const bankMatchesPath = 'bank-matches'

/** Methods of bank-matches. */
export const bankMatchesMethods = ['create', 'remove'] as const

/** bank-matches.create: settle the items of one of the movement's proposals (by its position). */
export const bankMatchDataSchema = Type.Object(
  { transaction_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }), proposal: Type.Integer({ minimum: 0, maximum: 10 }) },
  { $id: 'BankMatchData', additionalProperties: false },
)

/** Data of bank-matches.create. */
export type BankMatchData = Static<typeof bankMatchDataSchema>

/** Typed client view of bank-matches; remove takes the movement's id and undoes all its settlements. */
export type BankMatchesClientService = Creates<BankTransactionRecord, BankMatchData> & Removes<BankTransactionRecord>

/** Matching: adm or ban of the movement's company. */
export const bankMatchesDescriptor = defineService<BankMatchesClientService>()({
  path: bankMatchesPath,
  methods: bankMatchesMethods,
  schemas: { data: bankMatchDataSchema },
  abilities: { create: companyRule(['adm', 'ban']), remove: companyRule(['adm', 'ban']) },
  events: 'none',
})
