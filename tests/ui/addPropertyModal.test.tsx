import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import type { NewProperty } from '../../src/machines/property/addProperty.ts'
import type { Feedback } from '../../src/machines/parts/feedback.ts'
import { AddPropertyModal } from '../../src/ui/property/AddPropertyModal.tsx'
import type { PlatformChoices } from '../../src/ui/property/PlatformLinks.tsx'
import { expectMessageAtField } from '../machines/screenHelpers.ts'
import { renderWithProviders } from './providers.tsx'

const PLATFORMS: PlatformChoices = { status: 'ready', names: ['Airbnb', 'Booking.com', 'Other'] }
const AIRBNB_LINK = 'https://www.airbnb.com/calendar/ical/12345678.ics?s=0f1e2d3c4b5a'
const user = userEvent.setup()
const modal = () => screen.getByTestId('add-property-modal')
const field = (label: string) => within(modal()).getByLabelText(label) as HTMLInputElement
const submit = () => within(modal()).getByTestId('submit-property') as HTMLButtonElement

async function renderModal(
  choices: PlatformChoices = PLATFORMS,
  options?: Parameters<typeof renderWithProviders>[1],
) {
  const onSubmit = vi.fn<(property: NewProperty) => void>()
  const rendered = await renderWithProviders(
    <AddPropertyModal
      busy={false}
      choices={choices}
      confirmingDiscard={false}
      onSubmit={onSubmit}
      onClose={() => {}}
      onKeepEditing={() => {}}
      onDiscard={() => {}}
    />,
    options,
  )
  return { ...rendered, onSubmit }
}

async function choosePlatform(name: string) {
  await user.click(within(modal()).getByTestId('platform-selector'))
  await user.click(await screen.findByRole('menuitem', { name }))
}

describe('add-property form', () => {
  it('enables submit only with a name and a first part (the country) in the address', async () => {
    await renderModal()
    expect(submit().disabled).toBe(true)
    fireEvent.change(field('Property name'), { target: { value: 'Sea Breeze' } })
    expect(submit().disabled).toBe(true)
    fireEvent.change(field('Address'), { target: { value: '   ' } })
    expect(submit().disabled).toBe(true)
    fireEvent.change(field('Address'), { target: { value: ', Riyadh Region, Riyadh' } })
    expect(submit().disabled).toBe(true)
    fireEvent.change(field('Address'), { target: { value: 'Saudi' } })
    expect(submit().disabled).toBe(false)
    fireEvent.change(field('Property name'), { target: { value: '  ' } })
    expect(submit().disabled).toBe(true)
  })

  it('describes the address field with the parts it will be saved as', async () => {
    await renderModal()
    const preview = within(modal()).getByTestId('address-preview')
    expect(field('Address').getAttribute('aria-describedby')).toBe(preview.id)
    expect(within(preview).getByTestId('address-country').textContent).toBe('—')
    fireEvent.change(field('Address'), { target: { value: 'Saudi Makkah Jeddah Corniche Road 9' } })
    expect(preview.textContent).toBe(
      'Country: Saudi · Region: Makkah · City: Jeddah · Street: Corniche Road 9',
    )
    fireEvent.change(field('Address'), {
      target: { value: 'Saudi Arabia, Riyadh Region, Riyadh, King Fahd Road 9' },
    })
    expect(preview.textContent).toBe(
      'Country: Saudi Arabia · Region: Riyadh Region · City: Riyadh · Street: King Fahd Road 9',
    )
    fireEvent.change(field('Address'), { target: { value: 'Saudi Arabia, , AlUla' } })
    expect(within(preview).getByTestId('address-region').textContent).toBe('—')
    expect(within(preview).getByTestId('address-city').textContent).toBe('AlUla')
  })

  it('says the parts in Arabic, split on Arabic commas', async () => {
    await renderModal(PLATFORMS, { language: 'ar' })
    fireEvent.change(field('العنوان'), { target: { value: 'السعودية، منطقة مكة، جدة، طريق الكورنيش 9' } })
    expect(within(modal()).getByTestId('address-preview').textContent).toBe(
      'الدولة: السعودية · المنطقة: منطقة مكة · المدينة: جدة · الشارع: طريق الكورنيش 9',
    )
  })

  it('counts the description against its 300 characters', async () => {
    await renderModal()
    const description = within(modal()).getByLabelText('Description') as HTMLTextAreaElement
    expect(description.maxLength).toBe(300)
    fireEvent.change(description, { target: { value: 'Sea view' } })
    expect(within(modal()).getByTestId('description-counter').textContent).toBe('8/300')
  })

  it('writes numbers left to right in Arabic, in its digits', async () => {
    await renderModal(PLATFORMS, { language: 'ar' })
    for (const label of ['السعة (ضيوف)', 'سعر الليلة (ر.س)']) {
      const input = within(modal()).getByLabelText(label)
      // "-3", not "3-": the sign stays before the number.
      expect(input.getAttribute('dir')).toBe('ltr')
      expect(input.className).toContain('rtl:text-end')
    }
    expect(within(modal()).getByTestId('description-counter').textContent).toBe('٠/٣٠٠')
  })
})

describe('check-in and check-out times', () => {
  it('start at the usual times and are sent as the host sets them', async () => {
    const { onSubmit } = await renderModal()
    expect(field('Check-in time').value).toBe('15:00')
    expect(field('Check-out time').value).toBe('11:00')
    fireEvent.change(field('Property name'), { target: { value: 'Sea Breeze' } })
    fireEvent.change(field('Address'), { target: { value: 'Saudi Riyadh Olaya 5' } })
    fireEvent.change(field('Capacity (guests)'), { target: { value: '2' } })
    fireEvent.change(field('Check-in time'), { target: { value: '16:30' } })
    fireEvent.change(field('Check-out time'), { target: { value: '10:00' } })
    await user.click(submit())
    expect(onSubmit.mock.calls[0]?.[0].draft).toMatchObject({ checkInTime: '16:30', checkOutTime: '10:00' })
  })
})

describe('time zone', () => {
  const zone = () => within(modal()).getByLabelText('Time zone') as HTMLSelectElement

  it('follows the country typed in the address until the host picks one, and is sent with the form', async () => {
    const { onSubmit } = await renderModal()
    expect(zone().value).toBe('UTC')
    expect(within(modal()).getByText(/Filled in from the country in the address/)).toBeTruthy()
    fireEvent.change(field('Property name'), { target: { value: 'Sea Breeze' } })
    fireEvent.change(field('Address'), { target: { value: 'Saudi Makkah Jeddah Corniche 9' } })
    expect(zone().value).toBe('Asia/Riyadh')
    fireEvent.change(field('Address'), { target: { value: 'UAE Dubai Marina' } })
    expect(zone().value).toBe('Asia/Dubai')
    // Zones are grouped by region, each with its offset now.
    const dubai = within(zone()).getByRole('option', { name: /^Dubai \(GMT\+4\)$/ }) as HTMLOptionElement
    expect(dubai.parentElement?.getAttribute('label')).toBe('Asia')

    fireEvent.change(zone(), { target: { value: 'Europe/London' } })
    fireEvent.change(field('Address'), { target: { value: 'Egypt Cairo Zamalek' } })
    expect(zone().value).toBe('Europe/London')
    fireEvent.change(field('Capacity (guests)'), { target: { value: '2' } })
    await user.click(submit())
    expect(onSubmit.mock.calls[0]?.[0].draft).toMatchObject({
      addressText: 'Egypt Cairo Zamalek',
      timeZone: 'Europe/London',
    })
  })

  it('speaks Arabic in Arabic', async () => {
    await renderModal(PLATFORMS, { language: 'ar' })
    const select = within(modal()).getByLabelText('المنطقة الزمنية') as HTMLSelectElement
    const groups = [...select.querySelectorAll('optgroup')].map((group) => group.getAttribute('label'))
    expect(groups).toContain('آسيا')
    expect(groups).toContain('أوروبا')
    expect(modal().textContent).toContain('تُملأ من الدولة المكتوبة في العنوان')
  })
})

describe('platform selector', () => {
  it('adds a link input per chosen platform; choosing it again does nothing', async () => {
    await renderModal()
    await choosePlatform('Airbnb')
    await choosePlatform('Airbnb')
    expect(within(modal()).getAllByTestId('platform-link')).toHaveLength(1)
    await choosePlatform('Other')
    expect(within(modal()).getAllByTestId('platform-link')).toHaveLength(2)
    expect(field('Other calendar link')).toBeTruthy()
  })

  it('drops the link together with the removed platform', async () => {
    await renderModal()
    await choosePlatform('Airbnb')
    fireEvent.change(field('Airbnb calendar link'), { target: { value: 'https://airbnb.com/1.ics' } })
    await user.click(within(modal()).getByRole('button', { name: 'Remove Airbnb' }))
    expect(within(modal()).queryByTestId('platform-link')).toBeNull()
    await choosePlatform('Airbnb')
    expect(field('Airbnb calendar link').value).toBe('')
  })

  it.each([
    [{ status: 'loading' } as const, 'Loading...'],
    [{ status: 'failed' } as const, 'Failed to load platform list'],
    [{ status: 'ready', names: [] } as PlatformChoices, 'No platforms available'],
  ])('says so when the list is %j', async (choices, text) => {
    await renderModal(choices)
    await user.click(within(modal()).getByTestId('platform-selector'))
    expect(await screen.findByText(text)).toBeTruthy()
  })

  it('closes on a click outside', async () => {
    await renderModal()
    await user.click(within(modal()).getByTestId('platform-selector'))
    expect(await screen.findByRole('menu')).toBeTruthy()
    await user.click(field('Property name'))
    expect(screen.queryByRole('menu')).toBeNull()
  })
})

describe('photo picker', () => {
  let made = 0
  beforeEach(() => {
    made = 0
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:photo-${(made += 1)}`)
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  })
  afterEach(() => vi.restoreAllMocks())
  const photo = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' })

  it('shows the first photo large and the rest as thumbnails, and submits them in order', async () => {
    const { onSubmit } = await renderModal()
    const files = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]
    await user.upload(within(modal()).getByTestId('photo-input'), files)
    expect(within(modal()).getByTestId('main-photo').getAttribute('src')).toBe('blob:photo-1')
    expect(within(modal()).getAllByTestId('photo-thumbnail')).toHaveLength(2)
    fireEvent.change(field('Property name'), { target: { value: 'Sea Breeze' } })
    fireEvent.change(field('Address'), { target: { value: 'Saudi' } })
    fireEvent.change(field('Capacity (guests)'), { target: { value: '2' } })
    await user.click(submit())
    expect(onSubmit.mock.calls[0]?.[0].photos).toEqual(files)
  })

  it('removes a picked photo and revokes its preview, and the rest when the form closes', async () => {
    const { unmount } = await renderModal()
    await user.upload(within(modal()).getByTestId('photo-input'), [photo('a.jpg'), photo('b.jpg')])
    await user.click(within(modal()).getAllByRole('button', { name: 'Remove photo' })[0] as HTMLElement)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo-1')
    expect(within(modal()).getByTestId('main-photo').getAttribute('src')).toBe('blob:photo-2')
    unmount()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo-2')
  })
})

describe('checks before sending, mirroring the server', () => {
  it('refuses an empty capacity, a bad cost and a bad link at their fields, and sends nothing', async () => {
    const { onSubmit } = await renderModal()
    fireEvent.change(field('Property name'), { target: { value: 'Sea Breeze' } })
    fireEvent.change(field('Address'), { target: { value: 'Saudi Makkah Jeddah' } })
    fireEvent.change(field('Cost per night (SAR)'), { target: { value: '-5' } })
    await choosePlatform('Airbnb')
    fireEvent.change(field('Airbnb calendar link'), { target: { value: 'not a link' } })
    await user.click(submit())
    expect(onSubmit).not.toHaveBeenCalled()
    const capacity = field('Capacity (guests)')
    expect(capacity.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(capacity.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Capacity must be a whole number from 1 to 10000',
    )
    expect(field('Cost per night (SAR)').getAttribute('aria-invalid')).toBe('true')
    const link = field('Airbnb calendar link')
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The calendar link for Airbnb must be an http(s) web address',
    )

    // Mended, the form goes.
    fireEvent.change(capacity, { target: { value: '4' } })
    fireEvent.change(field('Cost per night (SAR)'), { target: { value: '350' } })
    fireEvent.change(link, { target: { value: 'https://airbnb.example/calendar.ics' } })
    expect(capacity.getAttribute('aria-invalid')).toBeNull()
    await user.click(submit())
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it("warns at Booking.com's field that Airbnb's link was pasted there, and sends nothing", async () => {
    const { onSubmit } = await renderModal()
    fireEvent.change(field('Property name'), { target: { value: 'Sea Breeze' } })
    fireEvent.change(field('Address'), { target: { value: 'Saudi Makkah Jeddah' } })
    fireEvent.change(field('Capacity (guests)'), { target: { value: '4' } })
    await choosePlatform('Booking.com')
    fireEvent.change(field('Booking.com calendar link'), { target: { value: AIRBNB_LINK } })
    await user.click(submit())
    expect(onSubmit).not.toHaveBeenCalled()
    expectMessageAtField(
      modal(),
      'Booking.com calendar link',
      "This looks like a link from Airbnb. Paste Booking.com's own calendar link here.",
    )

    // Booking.com's own link goes.
    fireEvent.change(field('Booking.com calendar link'), {
      target: { value: 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=5b7e' },
    })
    expect(field('Booking.com calendar link').getAttribute('aria-invalid')).toBeNull()
    await user.click(submit())
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('names both platforms in Arabic, and takes any link under Other', async () => {
    const { onSubmit } = await renderModal(PLATFORMS, { language: 'ar' })
    fireEvent.change(within(modal()).getByLabelText('اسم العقار'), { target: { value: 'بيت' } })
    fireEvent.change(within(modal()).getByLabelText('العنوان'), { target: { value: 'السعودية' } })
    fireEvent.change(modal().querySelector('[name="capacity"]')!, { target: { value: '2' } })
    await choosePlatform('Booking.com')
    await choosePlatform('أخرى')
    fireEvent.change(field('رابط تقويم Booking.com'), { target: { value: AIRBNB_LINK } })
    fireEvent.change(field('رابط تقويم أخرى'), {
      target: { value: 'https://www.vrbo.com/icalendar/4f2a.ics' },
    })
    await user.click(submit())
    expect(onSubmit).not.toHaveBeenCalled()
    expectMessageAtField(
      modal(),
      'رابط تقويم Booking.com',
      'يبدو أن هذا الرابط من Airbnb. الصق هنا رابط تقويم Booking.com نفسه.',
    )
    expect(field('رابط تقويم أخرى').getAttribute('aria-invalid')).toBeNull()
  })

  it('says it in Arabic in Arabic', async () => {
    await renderModal(PLATFORMS, { language: 'ar' })
    fireEvent.change(within(modal()).getByLabelText('اسم العقار'), { target: { value: 'بيت' } })
    fireEvent.change(within(modal()).getByLabelText('العنوان'), { target: { value: 'السعودية' } })
    await user.click(submit())
    const capacity = modal().querySelector('[name="capacity"]')!
    const message = document.getElementById(capacity.getAttribute('aria-describedby')!)?.textContent ?? ''
    expect(message).toMatch(/[\u0600-\u06FF]/)
  })
})

describe('the server’s refusal', () => {
  const CAPACITY = 'Capacity must be a whole number from 1 to 10000'
  const LINK = 'The Airbnb link is the same as the Booking.com link: a calendar can be linked only once'

  /** The form as the route binds it: a refusal arrives after a submit, with sentences by field. */
  function Refusing() {
    const [refusal, setRefusal] = useState<Feedback>()
    return (
      <AddPropertyModal
        busy={false}
        choices={PLATFORMS}
        confirmingDiscard={false}
        refusal={refusal}
        onSubmit={() =>
          setRefusal({
            key: 'property.createFailed',
            detail: CAPACITY,
            fields: { capacity: CAPACITY, country: 'Country is required', 'externalCalendars.Airbnb': LINK },
          })
        }
        onClose={() => {}}
        onKeepEditing={() => {}}
        onDiscard={() => {}}
      />
    )
  }

  it('shows each sentence at its field, and drops them once the host changes the form', async () => {
    await renderWithProviders(<Refusing />)
    fireEvent.change(field('Property name'), { target: { value: 'Sea Breeze' } })
    fireEvent.change(field('Address'), { target: { value: 'Saudi Jeddah' } })
    fireEvent.change(field('Capacity (guests)'), { target: { value: '4' } })
    await choosePlatform('Airbnb')
    fireEvent.change(field('Airbnb calendar link'), { target: { value: 'https://airbnb.test/a.ics' } })
    await user.click(submit())
    expectMessageAtField(modal(), 'Capacity (guests)', CAPACITY)
    expectMessageAtField(modal(), 'Address', 'Country is required')
    expectMessageAtField(modal(), 'Airbnb calendar link', LINK)
    fireEvent.change(field('Capacity (guests)'), { target: { value: '5' } })
    expect(field('Capacity (guests)').getAttribute('aria-invalid')).toBeNull()
    expect(field('Airbnb calendar link').getAttribute('aria-invalid')).toBeNull()
  })
})
