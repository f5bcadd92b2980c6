import fc from 'fast-check'
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

  it('splits on commas instead when the text has one, so that a part may have several words', () => {
    expect(splitAddress('Saudi Arabia, Riyadh Region, Riyadh, King Fahd Road 9')).toEqual({
      country: 'Saudi Arabia',
      region: 'Riyadh Region',
      city: 'Riyadh',
      address: 'King Fahd Road 9',
    })
    expect(splitAddress('السعودية، منطقة مكة، جدة، طريق الكورنيش 4')).toEqual({
      country: 'السعودية',
      region: 'منطقة مكة',
      city: 'جدة',
      address: 'طريق الكورنيش 4',
    })
  })

  it('keeps the commas of the rest in the address', () => {
    expect(
      splitAddress('Saudi Arabia, Riyadh Region, Riyadh, King Fahd Road 9, Tower B، floor 3').address,
    ).toBe('King Fahd Road 9, Tower B، floor 3')
  })

  it('fills the parts in order from fewer commas, and leaves an empty one empty', () => {
    expect(splitAddress(' Saudi Arabia ,  Riyadh Region ')).toEqual({
      country: 'Saudi Arabia',
      region: 'Riyadh Region',
      city: '',
      address: '',
    })
    expect(splitAddress('Saudi Arabia,')).toEqual({
      country: 'Saudi Arabia',
      region: '',
      city: '',
      address: '',
    })
    expect(splitAddress('Saudi Arabia, , AlUla, Old Town 3')).toEqual({
      country: 'Saudi Arabia',
      region: '',
      city: 'AlUla',
      address: 'Old Town 3',
    })
    expect(splitAddress(', Riyadh').country).toBe('')
  })

  it('gives back any parts joined with commas, none of which has one', () => {
    const part = fc
      .string({ unit: fc.constantFrom('a', 'ب', ' ', '-', '9', '.', '\t'), maxLength: 12 })
      .map((text) => text.trim())
    fc.assert(
      fc.property(part, part, part, part, (country, region, city, address) => {
        const parts = { country, region, city, address }
        expect(splitAddress([country, region, city, address].join(', '))).toEqual(parts)
      }),
    )
  })
})

describe('the field text of stored parts', () => {
  it('is spaced, as the original rule reads it, when that gives the parts back', () => {
    const full = splitAddress('Saudi Riyadh Olaya King Fahd Road')
    expect(joinAddress(full)).toBe('Saudi Riyadh Olaya King Fahd Road')
    expect(joinAddress({ country: 'Saudi', region: null, city: '', address: '' })).toBe('Saudi')
  })

  it('has commas, an empty part in its place, when spaces would not give the parts back', () => {
    const stored = { country: 'Saudi', region: null, city: 'Jeddah', address: 'Corniche 4' }
    expect(joinAddress(stored)).toBe('Saudi, , Jeddah, Corniche 4')
    expect(joinAddress({ country: 'Saudi Arabia', region: 'Makkah', city: 'Makkah', address: '' })).toBe(
      'Saudi Arabia, Makkah, Makkah',
    )
    expect(joinAddress({ country: 'Saudi Arabia', region: null, city: '', address: '' })).toBe(
      'Saudi Arabia,',
    )
  })

  it('splits back into the stored parts', () => {
    const word = fc.constantFrom('', 'Saudi', 'Saudi Arabia', 'Makkah', 'Al Madinah', 'Road 9, gate 2')
    fc.assert(
      fc.property(
        fc.constantFrom('Saudi', 'Saudi Arabia', 'United Arab Emirates'),
        word.filter((part) => !part.includes(',')),
        word.filter((part) => !part.includes(',')),
        word,
        (country, region, city, address) => {
          expect(splitAddress(joinAddress({ country, region, city, address }))).toEqual({
            country,
            region,
            city,
            address,
          })
        },
      ),
    )
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
  // Parts no split rule gives back from their spaced text (stored through the API, or before the
  // comma rule): the field shows "Saudi Arabia, , Makkah, Ibrahim Khalil 5".
  const makkah = { country: 'Saudi Arabia', region: null, city: 'Makkah', address: 'Ibrahim Khalil 5' }
  const makkahParts = { country: 'Saudi Arabia', region: '', city: 'Makkah', address: 'Ibrahim Khalil 5' }

  it('keeps the stored parts while the text still reads as the stored address', () => {
    expect(addressPartsFor(` ${joinAddress(stored)} `, stored)).toEqual({
      country: 'Saudi',
      region: '',
      city: 'AlUla',
      address: '',
    })
    expect(addressPartsFor(joinAddress(makkah), makkah)).toEqual(makkahParts)
  })

  it('keeps the stored country, region and city when only the street changed', () => {
    expect(addressPartsFor('Saudi Arabia, , Makkah, Ibrahim Khalil 7', makkah)).toEqual({
      ...makkahParts,
      address: 'Ibrahim Khalil 7',
    })
    expect(addressPartsFor('Saudi Arabia,  ,Makkah,Ibrahim Khalil 5, gate 2', makkah)).toEqual({
      ...makkahParts,
      address: 'Ibrahim Khalil 5, gate 2',
    })
    expect(addressPartsFor('Saudi Arabia, , Makkah', makkah)).toEqual({ ...makkahParts, address: '' })
  })

  it('keeps them whatever the split rule would make of the text', () => {
    const spaced = { country: 'Saudi', region: 'Makkah', city: 'Jeddah', address: 'Corniche 4' }
    // A comma typed in the street of a spaced address would otherwise make it all one country.
    expect(addressPartsFor('Saudi Makkah Jeddah Corniche 4, Tower B', spaced)).toEqual({
      ...spaced,
      address: 'Corniche 4, Tower B',
    })
    const old = { country: 'Saudi Arabia', region: 'Makkah', city: 'Makkah', address: '' }
    expect(addressPartsFor('Saudi Arabia, Makkah, Makkah Ibrahim Khalil 5', old)).toEqual({
      ...old,
      address: 'Ibrahim Khalil 5',
    })
  })

  it('fills the empty parts after the kept ones from what was typed after them', () => {
    const countryOnly = { country: 'Saudi', region: null, city: '', address: '' }
    expect(addressPartsFor('Saudi Riyadh Olaya King Fahd Road', countryOnly)).toEqual({
      country: 'Saudi',
      region: 'Riyadh',
      city: 'Olaya',
      address: 'King Fahd Road',
    })
    const countryAndRegion = { country: 'Saudi Arabia', region: 'Riyadh Region', city: '', address: '' }
    expect(
      addressPartsFor('Saudi Arabia, Riyadh Region, Riyadh, King Fahd Road 9', countryAndRegion),
    ).toEqual({
      country: 'Saudi Arabia',
      region: 'Riyadh Region',
      city: 'Riyadh',
      address: 'King Fahd Road 9',
    })
  })

  it('splits the whole text again once the country, region or city words changed', () => {
    expect(addressPartsFor('Saudi Arabia, , Jeddah, Ibrahim Khalil 5', makkah)).toEqual({
      ...makkahParts,
      city: 'Jeddah',
    })
    // Its last word grew: "Makkah" is no longer a word of it.
    expect(addressPartsFor('Saudi Arabia, , Makkah2, Ibrahim Khalil 5', makkah).city).toBe('Makkah2')
    expect(addressPartsFor('Saudi Arabia Makkah Ibrahim Khalil 5', makkah)).toEqual({
      country: 'Saudi',
      region: 'Arabia',
      city: 'Makkah',
      address: 'Ibrahim Khalil 5',
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
