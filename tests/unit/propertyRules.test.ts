import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PropertyFieldsSchema } from '../../contract/property.ts'
import { propertyForm } from '../../src/actors/api.ts'
import { draftProblems, EMPTY_DRAFT, fieldsFrom, formFieldOf, TEXT_MAX } from '../../src/domain/property.ts'

/** Text around a limit: short, at it, just past it, with breaks and spaces the API makes plain. */
const textNear = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.integer({ min: max - 2, max: max + 2 }).map((length) => 'x'.repeat(length)),
    fc.integer({ min: max - 2, max: max + 2 }).map((length) => ` ${'y'.repeat(length)}\r\n `),
    fc.constantFrom('', '   ', '\u0000\u0001', 'a\u2028b'),
  )

const number = fc.oneof(
  fc.constantFrom('', ' ', '0', '1', '10000', '10001', '1000000', '1000001', '-1', '1.5', '1e3', ' 42 ', '٣'),
  fc.nat({ max: 2_000_000 }).map(String),
  fc.double({ min: 0, max: 2_000_000, noNaN: true }).map((value) => value.toFixed(2)),
)

const address = fc
  .tuple(
    textNear(TEXT_MAX.country),
    textNear(TEXT_MAX.region),
    textNear(TEXT_MAX.city),
    textNear(TEXT_MAX.address),
  )
  .chain(([country, region, city, rest]) =>
    fc.constantFrom(
      `${country}, ${region}, ${city}, ${rest}`,
      `${country} ${region} ${city} ${rest}`,
      country,
    ),
  )

const draft = fc.record({
  name: textNear(TEXT_MAX.name),
  addressText: address,
  capacity: number,
  costPerNight: number,
  description: textNear(TEXT_MAX.description),
})

const CHECKED = ['name', 'addressText', 'capacity', 'costPerNight', 'description']

describe('the property form’s rules, written once', () => {
  it('refuse in the browser exactly the fields the API refuses', () => {
    fc.assert(
      fc.property(draft, (typed) => {
        const filled = { ...EMPTY_DRAFT, ...typed }
        const browser = Object.keys(draftProblems(filled)).filter((field) => CHECKED.includes(field))
        const form = propertyForm(fieldsFrom(filled), [], 'create')
        // The numbers as typed: the form sends them only when the browser found them right.
        const sent = {
          ...Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])),
          capacity: typed.capacity,
          costPerNight: typed.costPerNight,
        }
        const answer = PropertyFieldsSchema.safeParse(sent)
        const server = answer.success
          ? []
          : [...new Set(answer.error.issues.map((issue) => formFieldOf(String(issue.path[0]))))]
        expect(server.sort()).toEqual(browser.sort())
      }),
      { numRuns: 500 },
    )
  })
})
