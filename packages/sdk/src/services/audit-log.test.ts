import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NAMESPACES } from '../i18n/resources'
import type { Catalogue } from '../i18n/types'
import { AUDIT_ACTIONS, auditLogQuerySchema } from './audit-log'

/** Every `entity.verb` with a text under `audit.action` of a users catalogue. */
function labelledActions(catalogue: Catalogue): string[] {
  const actions = (catalogue.audit as Catalogue).action as Catalogue
  return Object.entries(actions).flatMap(([entity, verbs]) => Object.keys(verbs as Catalogue).map((verb) => `${entity}.${verb}`))
}

describe('audit actions', () => {
  it.each(['en', 'de'] as const)('each action the server writes has a %s text in the audit log, and each text an action', (language) => {
    const labelled = labelledActions(NAMESPACES.users[language] as Catalogue)
    expect([...labelled].sort()).toEqual([...AUDIT_ACTIONS].sort())
  })

  it('lists every action in the audited actions of docs/users.md', () => {
    const doc = readFileSync(new URL('../../../../docs/users.md', import.meta.url), 'utf8')
    const listed = doc.slice(doc.indexOf('### Audited actions'))
    expect(AUDIT_ACTIONS.filter((action) => !listed.includes(`\`${action}\``))).toEqual([])
  })

  it('lets the audit log be narrowed to every action, camel-cased entities too', () => {
    const action = auditLogQuerySchema.properties.action
    expect(action).toMatchObject({ enum: expect.arrayContaining(['bankAccess.approve', 'companySettings.change', 'user.disable']) })
  })
})
