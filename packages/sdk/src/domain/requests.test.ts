import { describe, expect, it } from 'vitest'
import { isOverdue, mentionsIn, reminderDue, requestPatchRequires } from './requests'

const people = [
  { keycloakId: 'a', name: 'Anna Maria' },
  { keycloakId: 'b', name: 'Anna Maria Huber' },
  { keycloakId: 'c', name: 'Clara Steiner' },
]

describe('mentions', () => {
  it('finds "@First Last" of the people given, longest name first, each once, not inside a word', () => {
    expect(mentionsIn('@anna maria huber und @Clara Steiner, bitte; nochmals @Clara Steiner', people).map((person) => person.keycloakId)).toEqual(['b', 'c'])
    expect(mentionsIn('@Anna Maria, bitte', people).map((person) => person.keycloakId)).toEqual(['a'])
    expect(mentionsIn('mail@Clara Steiner oder @Clara Steinerin', people)).toEqual([])
  })
})

describe('reminders', () => {
  const base = { status: 'open' as const, dueDate: '2026-04-01', lastReminded: null, intervalDays: 7 }
  it('reminds an open request from its due date on, then after the interval; never with 0 or once answered', () => {
    expect(reminderDue({ ...base, today: '2026-03-31' })).toBe(false)
    expect(reminderDue({ ...base, today: '2026-04-01' })).toBe(true)
    expect(reminderDue({ ...base, lastReminded: '2026-04-01', today: '2026-04-07' })).toBe(false)
    expect(reminderDue({ ...base, lastReminded: '2026-04-01', today: '2026-04-08' })).toBe(true)
    expect(reminderDue({ ...base, intervalDays: 0, today: '2026-05-01' })).toBe(false)
    expect(reminderDue({ ...base, status: 'answered', today: '2026-05-01' })).toBe(false)
  })
  it('calls an open request overdue the day after its due date', () => {
    expect(isOverdue({ status: 'open', due_date: '2026-04-01' }, '2026-04-01')).toBe(false)
    expect(isOverdue({ status: 'open', due_date: '2026-04-01' }, '2026-04-02')).toBe(true)
    expect(isOverdue({ status: 'answered', due_date: '2026-04-01' }, '2026-04-02')).toBe(false)
  })
})

describe('who may patch a request', () => {
  it('asks acc to close and doc to answer', () => {
    expect(requestPatchRequires(['status'])).toEqual(['acc'])
    expect(requestPatchRequires(['answer'])).toEqual(['doc'])
    expect(requestPatchRequires(['document_id'])).toEqual(['doc'])
  })
})
