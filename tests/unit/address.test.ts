import { describe, expect, it } from 'vitest'
import { addressPartsFor, joinAddress, locationLine, splitAddress } from '../../src/domain/address.ts'

describe('address field', () => {
  it('splits one text into country, region, city and the rest as the address', () => {
    expect(splitAddress('Saudi Riyadh Olaya King Fahd Road 12')).toEqual({
      country: 'Saudi',
      region: 'Riyadh',
      city: 'Olaya',
      address: 'King Fahd Road 12',
    })
  })

  it('leaves the missing parts empty and ignores extra spaces', () => {
    expect(splitAddress('  Saudi   Makkah ')).toEqual({
      country: 'Saudi',
      region: 'Makkah',
      city: '',
      address: '',
    })
    expect(splitAddress('   ')).toEqual({ country: '', region: '', city: '', address: '' })
  })

  it('joins the stored parts back into the text the field shows, skipping the missing region', () => {
    const stored = { country: 'Saudi', region: null, city: 'Jeddah', address: 'Corniche 4' }
    expect(joinAddress(stored)).toBe('Saudi Jeddah Corniche 4')
    const full = splitAddress('Saudi Riyadh Olaya King Fahd Road')
    expect(joinAddress(full)).toBe('Saudi Riyadh Olaya King Fahd Road')
  })
})

describe('location line', () => {
  it('joins country, region, city and address with commas', () => {
    expect(locationLine({ country: 'Saudi', region: 'Riyadh', city: 'Olaya', address: 'King Fahd Rd' })).toBe(
      'Saudi, Riyadh, Olaya, King Fahd Rd',
    )
  })

  it('skips empty parts', () => {
    expect(locationLine({ country: 'Saudi', region: null, city: '', address: 'Corniche 4' })).toBe(
      'Saudi, Corniche 4',
    )
    expect(locationLine({ country: '', region: '  ', city: '', address: '' })).toBe('')
  })

  it('takes the separator of the reader’s language', () => {
    expect(locationLine({ country: 'السعودية', region: 'الرياض', city: '', address: '' }, '، ')).toBe(
      'السعودية، الرياض',
    )
  })
})

describe('address parts to save', () => {
  const stored = { country: 'Saudi', region: null, city: 'AlUla', address: '' }

  it('keeps the stored parts while the text still reads as the stored address', () => {
    expect(addressPartsFor(' Saudi AlUla ', stored)).toEqual({
      country: 'Saudi',
      region: '',
      city: 'AlUla',
      address: '',
    })
  })

  it('splits an edited text, or any text of a new property', () => {
    expect(addressPartsFor('Saudi Madinah AlUla', stored)).toEqual({
      country: 'Saudi',
      region: 'Madinah',
      city: 'AlUla',
      address: '',
    })
    expect(addressPartsFor('Saudi AlUla')).toEqual({
      country: 'Saudi',
      region: 'AlUla',
      city: '',
      address: '',
    })
  })
})
