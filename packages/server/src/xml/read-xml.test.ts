import { describe, expect, it } from 'vitest'
import { MAX_XML_DEPTH, readXml, safeXmlParser, XmlRefusedError } from './read-xml'

const parser = safeXmlParser({ ignoreAttributes: false })

function refusal(text: string): XmlRefusedError {
  try {
    readXml(parser, text)
  } catch (error) {
    if (error instanceof XmlRefusedError) return error
    throw error
  }
  throw new Error('the XML was read')
}

const nested = (depth: number) => `${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`

describe('readXml: the one way the server reads XML files', () => {
  it('reads well-formed XML with the predefined entities', () => {
    expect(readXml(parser, '<r><n>Müller &amp; Söhne</n></r>')).toEqual({ r: { n: 'Müller & Söhne' } })
  })

  it('refuses a DOCTYPE or entity declaration, an external entity included, before parsing', () => {
    expect(refusal('<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>')).toMatchObject({ rule: 'doctype' })
    expect(refusal('<?xml version="1.0"?>\n<!doctype r><r/>')).toMatchObject({ rule: 'doctype' })
    expect(refusal('<r><!ENTITY y "z"></r>')).toMatchObject({ rule: 'doctype' })
  })

  it('reads nesting up to the limit and refuses it deeper, 50,000 levels in milliseconds', () => {
    expect(() => readXml(parser, nested(MAX_XML_DEPTH))).not.toThrow()
    expect(refusal(nested(MAX_XML_DEPTH + 1))).toMatchObject({ rule: 'tooDeep' })
    const started = performance.now()
    expect(refusal(nested(50_000))).toMatchObject({ rule: 'tooDeep' })
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('refuses text that is not well-formed with its line', () => {
    expect(refusal('<r>\n<a></b>\n</r>')).toMatchObject({ rule: 'malformed', line: 2 })
  })
})
