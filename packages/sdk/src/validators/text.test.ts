import { describe, expect, it } from 'vitest'
import { textProblem } from './text'

describe('the one text rule', () => {
  it('lets ordinary text pass, umlauts, emoji and symbols included', () => {
    for (const kind of ['line', 'multiline', 'content'] as const) {
      expect(textProblem('Müller & Söhne GmbH – €1.234,56 😀 ✓ \u202e', kind)).toBeNull()
      expect(textProblem('', kind)).toBeNull()
    }
  })

  it('refuses a lone surrogate in every kind, a pair passes', () => {
    for (const kind of ['line', 'multiline', 'content'] as const) {
      for (const text of ['a\ud800b', '\ud800', 'x\udc00', '\udc00\ud800', 'ok😀\ud83d']) expect(textProblem(text, kind), `${kind} ${JSON.stringify(text)}`).toBe('loneSurrogate')
      expect(textProblem('\ud83d\ude00', kind)).toBeNull()
    }
  })

  it('refuses NUL in every kind', () => {
    for (const kind of ['line', 'multiline', 'content'] as const) expect(textProblem('a\u0000', kind)).toBe('nul')
  })

  it('refuses control characters in single-line text, line breaks and tabs included', () => {
    for (const text of ['\u001b[2J', 'bell\u0007', 'del\u007f', 'c1\u0085', 'csi\u009b', 'cr\r']) expect(textProblem(text), JSON.stringify(text)).toBe('controlCharacter')
    expect(textProblem('two\nlines')).toBe('lineBreak')
    expect(textProblem('tab\there')).toBe('lineBreak')
  })

  it('keeps line feeds and tabs in multi-line text, nothing else below U+0020', () => {
    expect(textProblem('first line\n\tsecond line', 'multiline')).toBeNull()
    for (const text of ['\u001b[2J', 'bell\u0007', 'cr\r\n', 'del\u007f', 'c1\u0090']) expect(textProblem(text, 'multiline'), JSON.stringify(text)).toBe('controlCharacter')
  })

  it('keeps any character but NUL and lone surrogates in file content', () => {
    expect(textProblem('a;b\r\n\u001a\u000c\u0007', 'content')).toBeNull()
  })
})
