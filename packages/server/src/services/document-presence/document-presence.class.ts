import { randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import { PRESENCE_TTL_MS } from '@portal/sdk/domain'
import type { DocumentPresence, DocumentPresenceAnswer, DocumentPresenceData, DocumentPresenceQuery, SessionUser } from '@portal/sdk/services'
import { integerId, type PortalParams } from '../../hooks/guard'
import { notAuthenticated } from '../../policies/index'
import { beatPresence, endLapsedPresences, endPresence, livePresences } from '../../models/document-presence'
import { companyOfDocument, documentKindsOf } from '../../models/documents/index'

/** Params of a socket call: the connection the call came on (Feathers sets it). */
type PresenceParams = PortalParams & { connection?: object }

// One key per socket connection (this process's prefix keeps keys of several server instances apart).
const connectionKeys = new WeakMap<object, string>()
const INSTANCE = randomUUID().slice(0, 8)

/** The key a socket connection's presences are kept under, so closing it ends them. */
export function connectionKeyOf(connection: object): string {
  let key = connectionKeys.get(connection)
  if (!key) {
    key = `${INSTANCE}:${randomUUID()}`
    connectionKeys.set(connection, key)
  }
  return key
}

/** The name a presence shows. */
const nameOf = (user: SessionUser): string => [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email

/** Who has a document open: heartbeats with a TTL, a soft-lock warning when someone else is editing. */
export class DocumentPresenceService {
  constructor(
    private readonly knex: Knex,
    /** The clock (tests move it); the presence TTL counts from it. */
    private readonly now: () => Date = () => new Date(),
    /** Called with presences that lapsed, so their `removed` events go out. */
    private readonly onLapsed: (lapsed: DocumentPresence[]) => void = () => {},
  ) {}

  async find(params: PortalParams = {}): Promise<DocumentPresence[]> {
    return livePresences(this.knex, (params.query as DocumentPresenceQuery).document_id, this.now())
  }

  async create(data: DocumentPresenceData, params: PresenceParams = {}): Promise<DocumentPresenceAnswer> {
    const user = params.user
    if (!user) throw notAuthenticated()
    const now = this.now()
    const lapsed = await endLapsedPresences(this.knex, now)
    if (lapsed.length > 0) this.onLapsed(lapsed)
    const me = await beatPresence(this.knex, {
      document_id: data.document_id,
      company_no: await companyOfDocument(this.knex, data.document_id),
      user_key: user.keycloakId,
      name: nameOf(user),
      editing: data.editing ?? false,
      connection_key: params.connection ? connectionKeyOf(params.connection) : null,
      expires_at: new Date(now.getTime() + PRESENCE_TTL_MS),
    })
    const others = (await livePresences(this.knex, data.document_id, now)).filter((presence) => presence.user_key !== user.keycloakId)
    const editor = others.find((presence) => presence.editing)
    return { ...me, others, warning: editor ? { key: 'documents:editedByOther', params: { name: editor.name } } : null }
  }

  async remove(id: unknown, params: PortalParams = {}): Promise<DocumentPresence> {
    const user = params.user
    if (!user) throw notAuthenticated()
    const documentId = integerId(id)
    const ended = await endPresence(this.knex, documentId, user.keycloakId)
    if (ended) return ended
    // Nothing to end (it lapsed, or was never sent): the same shape, so the event still has its company and person.
    return {
      document_id: documentId,
      document_type: (await documentKindsOf(this.knex, [documentId])).get(documentId) ?? '',
      company_no: await companyOfDocument(this.knex, documentId),
      user_key: user.keycloakId,
      name: nameOf(user),
      editing: false,
      expires_at: this.now().toISOString(),
    }
  }
}
