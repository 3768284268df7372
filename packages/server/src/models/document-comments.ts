import type { Knex } from 'knex'
import type { DocumentCommentRecord, Page } from '@portal/sdk/services'
import type { Actor } from './users'

type Db = Knex | Knex.Transaction

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString()
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value))

/** The comment rows with their author's keycloak id. */
function commentRows(db: Db): Knex.QueryBuilder {
  return db('document_comments as c').leftJoin('users as u', 'u.id', 'c.author_id').select('c.*', 'u.keycloak_id as author_key')
}

async function toRecords(db: Db, rows: Record<string, unknown>[], documentType: string | null): Promise<DocumentCommentRecord[]> {
  const ids = rows.map((row) => Number(row.id))
  const mentions = ids.length === 0 ? [] : ((await db('document_comment_mentions').whereIn('comment_id', ids).orderBy('user_name').select('comment_id', 'user_name')) as Record<string, unknown>[])
  return rows.map((row) => {
    const removed = row.removed_at !== null && row.removed_at !== undefined
    return {
      id: Number(row.id),
      document_id: Number(row.document_id),
      company_no: Number(row.company_no),
      document_type: documentType,
      // A deleted comment keeps its place; its text stays in the document history only.
      text: removed ? '' : String(row.text),
      author_name: (row.author_name as string | null) ?? null,
      author_key: (row.author_key as string | null) ?? null,
      created_at: iso(row.created_at),
      edited_at: isoOrNull(row.edited_at),
      removed_at: isoOrNull(row.removed_at),
      mentions: removed ? [] : mentions.filter((mention) => Number(mention.comment_id) === Number(row.id)).map((mention) => ({ name: String(mention.user_name) })),
    }
  })
}

/** One document's comments, oldest first. */
export async function commentsPage(db: Db, documentId: number, documentType: string | null, limit: number, skip: number): Promise<Page<DocumentCommentRecord>> {
  const counted = (await db('document_comments').where({ document_id: documentId }).count({ total: '*' }).first()) as { total: string | number } | undefined
  const rows = limit === 0 ? [] : ((await commentRows(db).where('c.document_id', documentId).orderBy('c.id').limit(limit).offset(skip)) as Record<string, unknown>[])
  return { total: Number(counted?.total ?? 0), limit, skip, data: await toRecords(db, rows, documentType) }
}

/** One comment as the wire record, or undefined. */
export async function commentRecord(db: Db, id: number, documentType: string | null): Promise<DocumentCommentRecord | undefined> {
  const [record] = await toRecords(db, (await commentRows(db).where('c.id', id)) as Record<string, unknown>[], documentType)
  return record
}

/** The document a comment belongs to, or undefined. */
export async function documentOfComment(db: Db, id: number): Promise<number | undefined> {
  const row = (await db('document_comments').where({ id }).first('document_id')) as { document_id: number } | undefined
  return row ? Number(row.document_id) : undefined
}

/** A comment under lock, or undefined. */
export async function lockComment(trx: Knex.Transaction, id: number): Promise<{ id: number; documentId: number; companyNo: number; authorId: string | null; text: string; removed: boolean } | undefined> {
  const row = (await trx('document_comments').where({ id }).forUpdate().first()) as Record<string, unknown> | undefined
  return row
    ? { id: Number(row.id), documentId: Number(row.document_id), companyNo: Number(row.company_no), authorId: (row.author_id as string | null) ?? null, text: String(row.text), removed: row.removed_at !== null && row.removed_at !== undefined }
    : undefined
}

/** Stores a comment and whom it mentions; answers its id. */
export async function insertComment(trx: Knex.Transaction, comment: { documentId: number; companyNo: number; text: string; actor: Actor; mentions: { id: string; name: string }[] }): Promise<number> {
  const [row] = (await trx('document_comments')
    .insert({ document_id: comment.documentId, company_no: comment.companyNo, text: comment.text, author_id: comment.actor.id, author_name: comment.actor.name })
    .returning('id')) as { id: number }[]
  const id = Number(row.id)
  if (comment.mentions.length > 0) await trx('document_comment_mentions').insert(comment.mentions.map((mention) => ({ comment_id: id, user_id: mention.id, user_name: mention.name })))
  return id
}

/** Changes a comment's text (its mentions are those of the new text). */
export async function updateCommentText(trx: Knex.Transaction, id: number, text: string, mentions: { id: string; name: string }[]): Promise<void> {
  await trx('document_comments').where({ id }).update({ text, edited_at: trx.fn.now() })
  await trx('document_comment_mentions').where({ comment_id: id }).whereNotIn('user_id', mentions.map((mention) => mention.id)).delete()
  if (mentions.length > 0) await trx('document_comment_mentions').insert(mentions.map((mention) => ({ comment_id: id, user_id: mention.id, user_name: mention.name }))).onConflict(['comment_id', 'user_id']).ignore()
}

/** Marks a comment deleted (the row stays; the history keeps its text). */
export async function markCommentRemoved(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('document_comments').where({ id }).update({ removed_at: trx.fn.now() })
}

/** The mentions of a comment not notified yet, and marks them notified. */
export async function takeUnnotifiedMentions(db: Db, commentId: number): Promise<string[]> {
  const rows = (await db('document_comment_mentions').where({ comment_id: commentId }).whereNull('notified_at').update({ notified_at: db.fn.now() }).returning('user_id')) as { user_id: string }[]
  return rows.map((row) => String(row.user_id))
}
