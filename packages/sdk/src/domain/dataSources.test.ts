import { describe, expect, it } from 'vitest'
import { DataSource, HUMAN_SOURCES, isHumanSource, pickCurrent, sourceOrigin, sourcePrecedence } from './dataSources'
import { needsAttention } from './attention'

const value = (name: string, source: number, confidence = 1) => ({ name, source, confidence })

describe('source precedence', () => {
  it('ranks a booking over a confirmation over a label over every machine', () => {
    expect(sourcePrecedence(DataSource.Human_Booking)).toBeGreaterThan(sourcePrecedence(DataSource.Human_Confirmation))
    expect(sourcePrecedence(DataSource.Human_Confirmation)).toBeGreaterThan(sourcePrecedence(DataSource.Human_Labeling))
    expect(sourcePrecedence(DataSource.Human_Labeling)).toBeGreaterThan(sourcePrecedence(DataSource.E_Invoice_XML))
    expect(sourcePrecedence(DataSource.OCR)).toBe(sourcePrecedence(DataSource.Machine_Learning))
  })

  it('knows which sources people produce', () => {
    expect(HUMAN_SOURCES).toEqual(expect.arrayContaining([DataSource.Human_Labeling, DataSource.Human_Confirmation, DataSource.Human_Booking]))
    expect(isHumanSource(DataSource.Human_Labeling_Paddle)).toBe(true)
    expect(isHumanSource(DataSource.Machine_Learning)).toBe(false)
    expect(isHumanSource(DataSource.Aggregator)).toBe(false)
  })
})

describe('pickCurrent', () => {
  it('picks the most confident machine value, the earliest among equals', () => {
    expect(pickCurrent([value('rules', DataSource.PDF_Parse, 0.8), value('xml', DataSource.E_Invoice_XML, 1), value('memory', DataSource.Machine_Learning, 1)])?.name).toBe('xml')
  })

  it("lets any person's value win over a more confident machine value, whatever the order", () => {
    const label = value('label', DataSource.Human_Labeling, 0.1)
    expect(pickCurrent([label, value('xml', DataSource.E_Invoice_XML, 1)])).toBe(label)
    expect(pickCurrent([value('xml', DataSource.E_Invoice_XML, 1), label])).toBe(label)
  })

  it('ranks booking over confirmation over labeling, and the latest among equal people', () => {
    const booked = value('booked', DataSource.Human_Booking)
    const candidates = [value('label 1', DataSource.Human_Labeling), booked, value('confirmed', DataSource.Human_Confirmation), value('label 2', DataSource.Human_Labeling)]
    expect(pickCurrent(candidates)).toBe(booked)
    expect(pickCurrent([value('label 1', DataSource.Human_Labeling), value('label 2', DataSource.Human_Labeling)])?.name).toBe('label 2')
  })

  it('answers undefined without candidates', () => {
    expect(pickCurrent([])).toBeUndefined()
  })
})

describe('where a value came from, in words', () => {
  it('tells the e-invoice, the page, scans, learning, people and unknown codes apart', () => {
    expect(sourceOrigin(DataSource.E_Invoice_XML)).toBe('einvoice')
    expect(sourceOrigin(DataSource.PDF_Parse)).toBe('page')
    expect(sourceOrigin(DataSource.OCR)).toBe('scan')
    expect(sourceOrigin(DataSource.PADDLE_OCR)).toBe('scan')
    expect(sourceOrigin(DataSource.Machine_Learning_Surya)).toBe('learned')
    expect(sourceOrigin(DataSource.Aggregator)).toBe('derived')
    expect(sourceOrigin(DataSource.Human_Labeling_Paddle)).toBe('entered')
    expect(sourceOrigin(DataSource.Human_Confirmation)).toBe('confirmed')
    expect(sourceOrigin(DataSource.Human_Booking)).toBe('booked')
    expect(sourceOrigin(999)).toBe('unknown')
  })

  it('flags only a machine value it was unsure of', () => {
    expect(needsAttention('seller_name', DataSource.PDF_Parse, 0.4)).toBe(true)
    expect(needsAttention('seller_name', DataSource.PDF_Parse, 0.95)).toBe(false)
    expect(needsAttention('seller_name', DataSource.Human_Labeling, 0.1)).toBe(false)
  })
})
