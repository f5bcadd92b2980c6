import { describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Property } from '../../src/actors/api.ts'
import type { Language } from '../../src/domain/translator.ts'
import type { PropertyChanges } from '../../src/machines/property/propertyModal.ts'
import {
  EditViewModal,
  type EditorMode,
  type InternalCalendarLink,
} from '../../src/ui/property/EditViewModal.tsx'
import { aCalendar, anImage, aPlatformFeed, aProperty } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'

const property = aProperty({ externalCalendars: [aCalendar()] })
property.images = [anImage(property.id), anImage(property.id), anImage(property.id)]
const INTERNAL_URL = 'http://127.0.0.1:3000/api/calendar/secret.ics'
const NOW = Date.parse('2030-03-10T12:00:00Z')
const user = userEvent.setup()
const modal = () => screen.getByTestId('property-modal')

async function renderModal(
  mode: EditorMode,
  tab: 'about' | 'connections' = 'about',
  {
    shown = property,
    language = 'en',
    internalCalendar = { url: INTERNAL_URL, loading: false, now: NOW },
  }: { shown?: Property; language?: Language; internalCalendar?: InternalCalendarLink } = {},
) {
  const onSave = vi.fn<(changes: PropertyChanges) => void>()
  const onClose = vi.fn<(dirty: boolean) => void>()
  await renderWithProviders(
    <EditViewModal
      property={shown}
      mode={mode}
      tab={tab}
      activity="idle"
      choices={{ status: 'ready', names: ['Airbnb'] }}
      internalCalendar={internalCalendar}
      statistics={null}
      onToggleMode={() => {}}
      onSelectTab={() => {}}
      onSave={onSave}
      onRequestDelete={() => {}}
      onCancelDelete={() => {}}
      onConfirmDelete={() => {}}
      onClose={onClose}
      onKeepEditing={() => {}}
      onDiscard={() => {}}
    />,
    { language },
  )
  return { onSave, onClose }
}

describe('edit/view modal', () => {
  it('says that no address was given, rather than a bare "empty", in English and Arabic', async () => {
    const nowhere = aProperty({ id: 'property-4', country: '', region: null, city: '', address: '' })
    await renderModal('view', 'about', { shown: nowhere })
    expect(within(modal()).getByTestId('property-details').textContent).toContain('No address given')
    cleanup()
    await renderModal('view', 'about', { shown: nowhere, language: 'ar' })
    expect(within(modal()).getByTestId('property-details').textContent).toContain('لم يُذكر عنوان')
  })

  it('shows the clicked thumbnail as the main photo', async () => {
    await renderModal('view')
    expect(within(modal()).getAllByTestId('photo-thumbnail')).toHaveLength(3)
    await user.click(within(modal()).getByRole('button', { name: 'Show photo 3' }))
    expect(within(modal()).getByTestId('main-photo').getAttribute('src')).toBe(property.images[2]?.url)
  })

  it('shows a lone photo large, without a thumbnail of itself', async () => {
    const single = aProperty({ id: 'property-2' })
    single.images = [anImage(single.id)]
    await renderModal('view', 'about', { shown: single })
    expect(within(modal()).getByTestId('main-photo').getAttribute('src')).toBe(single.images[0]?.url)
    expect(within(modal()).queryAllByTestId('photo-thumbnail')).toHaveLength(0)
  })

  it('sends the removed stored photos with the edited fields on save', async () => {
    const { onSave } = await renderModal('edit')
    await user.click(within(modal()).getAllByRole('button', { name: 'Remove photo' })[0] as HTMLElement)
    expect(within(modal()).getAllByTestId('photo-thumbnail')).toHaveLength(2)
    fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: 'Palm Villa II' } })
    await user.click(within(modal()).getByTestId('save-property'))
    const changes = onSave.mock.calls[0]?.[0]
    expect(changes?.removedImageIds).toEqual([property.images[0]?.id])
    expect(changes?.draft.name).toBe('Palm Villa II')
  })

  it('shows the check-in and check-out times, in Arabic digits too, and saves changed ones', async () => {
    const timed = aProperty({ id: 'property-5', checkInTime: '16:00', checkOutTime: '10:30' })
    await renderModal('view', 'about', { shown: timed })
    const details = () => within(modal()).getByTestId('property-details').textContent
    expect(details()).toContain('Check-in time16:00')
    expect(details()).toContain('Check-out time10:30')
    cleanup()
    await renderModal('view', 'about', { shown: timed, language: 'ar' })
    expect(details()).toContain('١٦:٠٠')
    expect(details()).toContain('١٠:٣٠')
    cleanup()
    const { onSave } = await renderModal('edit', 'about', { shown: timed })
    const input = (label: string) => within(modal()).getByLabelText(label) as HTMLInputElement
    expect(input('Check-in time').value).toBe('16:00')
    expect(input('Check-out time').value).toBe('10:30')
    fireEvent.change(input('Check-in time'), { target: { value: '14:00' } })
    fireEvent.change(input('Check-out time'), { target: { value: '12:00' } })
    await user.click(within(modal()).getByTestId('save-property'))
    expect(onSave.mock.calls[0]?.[0].draft).toMatchObject({ checkInTime: '14:00', checkOutTime: '12:00' })
  })

  it("shows the property's time zone, keeps a chosen one whatever the address says, and saves a new one", async () => {
    const london = aProperty({ id: 'property-3', country: 'Saudi', timeZone: 'Europe/London' })
    await renderModal('view', 'about', { shown: london })
    expect(within(modal()).getByTestId('property-details').textContent).toContain('Europe/London')
    cleanup()
    const { onSave } = await renderModal('edit', 'about', { shown: london })
    const zone = within(modal()).getByLabelText('Time zone') as HTMLSelectElement
    expect(zone.value).toBe('Europe/London')
    fireEvent.change(within(modal()).getByLabelText('Address'), { target: { value: 'Qatar Doha Pearl' } })
    expect(zone.value).toBe('Europe/London')
    fireEvent.change(zone, { target: { value: 'Asia/Qatar' } })
    await user.click(within(modal()).getByTestId('save-property'))
    expect(onSave.mock.calls[0]?.[0].draft.timeZone).toBe('Asia/Qatar')
  })

  it('moves the zone with the country while it is the one the address gave', async () => {
    const riyadh = aProperty({ id: 'property-4', country: 'Saudi', timeZone: 'Asia/Riyadh' })
    await renderModal('edit', 'about', { shown: riyadh })
    const zone = within(modal()).getByLabelText('Time zone') as HTMLSelectElement
    fireEvent.change(within(modal()).getByLabelText('Address'), {
      target: { value: 'Kuwait Salmiya Block 10' },
    })
    expect(zone.value).toBe('Asia/Kuwait')
  })

  it('keeps the stored country, region and city in the preview and the save when only the street changed', async () => {
    const makkah = aProperty({
      id: 'property-5',
      country: 'Saudi Arabia',
      region: null,
      city: 'Makkah',
      address: 'Ibrahim Khalil 5',
    })
    const { onSave } = await renderModal('edit', 'about', { shown: makkah })
    const address = within(modal()).getByLabelText('Address') as HTMLInputElement
    expect(address.value).toBe('Saudi Arabia, , Makkah, Ibrahim Khalil 5')
    fireEvent.change(address, { target: { value: 'Saudi Arabia, , Makkah, Ibrahim Khalil 7' } })
    expect(within(modal()).getByTestId('address-preview').textContent).toBe(
      'Country: Saudi Arabia · Region: — · City: Makkah · Street: Ibrahim Khalil 7',
    )
    await user.click(within(modal()).getByTestId('save-property'))
    expect(onSave.mock.calls[0]?.[0].draft.addressText).toBe('Saudi Arabia, , Makkah, Ibrahim Khalil 7')
  })

  it('disables save without a name or address text', async () => {
    await renderModal('edit')
    const save = () => within(modal()).getByTestId('save-property') as HTMLButtonElement
    expect(save().disabled).toBe(false)
    fireEvent.change(within(modal()).getByLabelText('Address'), { target: { value: ' ' } })
    expect(save().disabled).toBe(true)
  })

  it('closes as clean until something differs from the stored property, a removed photo included', async () => {
    const { onClose } = await renderModal('edit')
    const name = within(modal()).getByLabelText('Property name')
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenLastCalledWith(false)
    fireEvent.change(name, { target: { value: 'Palm Villa II' } })
    await user.click(within(modal()).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenLastCalledWith(true)
    // Typed back as it was: nothing would be lost.
    fireEvent.change(name, { target: { value: 'Palm Villa' } })
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenLastCalledWith(false)
    await user.click(within(modal()).getAllByRole('button', { name: 'Remove photo' })[0] as HTMLElement)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenLastCalledWith(true)
  })

  it('shows each problem at its field once save is pressed, and follows the typing', async () => {
    await renderModal('edit')
    const capacity = within(modal()).getByLabelText('Capacity (guests)')
    fireEvent.change(capacity, { target: { value: '0' } })
    fireEvent.change(within(modal()).getByLabelText('Cost per night (SAR)'), { target: { value: '2000000' } })
    expect(within(modal()).queryByText('Capacity must be a whole number from 1 to 10000')).toBeNull()
    await user.click(within(modal()).getByTestId('save-property'))
    const capacityError = within(modal()).getByText('Capacity must be a whole number from 1 to 10000')
    expect(capacity.getAttribute('aria-describedby')).toBe(capacityError.id)
    expect(capacity.getAttribute('aria-invalid')).toBe('true')
    expect(
      within(modal()).getByText('Cost per night must be empty or a number from 0 to 1000000'),
    ).toBeTruthy()
    fireEvent.change(capacity, { target: { value: '4' } })
    expect(within(modal()).queryByText('Capacity must be a whole number from 1 to 10000')).toBeNull()
  })

  it('shows a bad platform link under its input, in Arabic too', async () => {
    await renderModal('edit', 'connections', { language: 'ar' })
    const link = within(modal()).getByLabelText('رابط تقويم Airbnb')
    fireEvent.change(link, { target: { value: 'ftp://example.com/cal.ics' } })
    await user.click(within(modal()).getByTestId('save-property'))
    expect(document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'يجب أن يكون رابط تقويم Airbnb عنوان ويب يبدأ بـ http أو https',
    )
  })

  it("warns at Airbnb's field on the Connections tab that Booking.com's link was pasted there", async () => {
    await renderModal('edit', 'connections')
    const link = within(modal()).getByLabelText('Airbnb calendar link')
    fireEvent.change(link, { target: { value: 'https://ical.booking.com/v1/export?t=5b7e' } })
    await user.click(within(modal()).getByTestId('save-property'))
    expect(link.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "This looks like a link from Booking.com. Paste Airbnb's own calendar link here.",
    )
  })

  it('copies the internal calendar link and confirms it', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    await renderModal('edit', 'connections')
    expect((within(modal()).getByTestId('internal-calendar-url') as HTMLInputElement).value).toBe(
      INTERNAL_URL,
    )
    await user.click(within(modal()).getByTestId('copy-button'))
    expect(writeText).toHaveBeenCalledWith(INTERNAL_URL)
    expect(await within(modal()).findByText('Copied!')).toBeTruthy()
  })

  it('gives each linked platform its own link to copy, and says where to paste it, in both languages', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    const platforms = [
      aPlatformFeed({ platformName: 'Airbnb', url: 'http://localhost:3000/api/calendar/airbnb-secret.ics' }),
      aPlatformFeed({
        platformName: 'Booking.com',
        url: 'http://localhost:3000/api/calendar/booking-secret.ics',
      }),
    ]
    const internalCalendar = { url: INTERNAL_URL, platforms, loading: false, now: NOW }
    await renderModal('view', 'connections', { internalCalendar })
    const links = within(modal()).getByTestId('platform-links')
    const fields = within(links).getAllByTestId('platform-calendar-url') as HTMLInputElement[]
    expect(fields.map((field) => field.value)).toEqual(platforms.map((feed) => feed.url))
    expect(within(links).getByLabelText('Booking.com')).toBe(fields[1])
    expect(links.textContent).toContain("Paste it into Airbnb's calendar import (iCal).")
    await user.click(within(links).getAllByTestId('copy-button')[1]!)
    expect(writeText).toHaveBeenCalledWith(platforms[1]!.url)
    cleanup()
    await renderModal('view', 'connections', { internalCalendar, language: 'ar' })
    expect(within(modal()).getByTestId('platform-links').textContent).toContain('رابط لكل منصة')
  })

  it('says when each platform last imported its link and how often, to the minute, in both languages', async () => {
    const platforms = [
      aPlatformFeed({
        platformName: 'Booking.com',
        lastFetchedAt: '2030-03-10T10:08:00Z',
        medianIntervalMinutes: 120,
      }),
      aPlatformFeed({
        platformName: 'Vrbo',
        lastFetchedAt: '2030-03-10T11:30:40Z',
        medianIntervalMinutes: 45,
      }),
      aPlatformFeed({
        platformName: 'Gathern',
        lastFetchedAt: '2030-03-07T07:30:00Z',
        medianIntervalMinutes: 1530.4,
      }),
      aPlatformFeed({ platformName: 'Expedia', lastFetchedAt: '2030-03-10T11:59:30Z' }),
      aPlatformFeed({ platformName: 'Airbnb' }),
    ]
    const internalCalendar = { url: INTERNAL_URL, platforms, loading: false, now: NOW }
    await renderModal('view', 'connections', { internalCalendar })
    const lines = () =>
      within(modal())
        .getAllByTestId('import-status')
        .map((line) => line.textContent)
    expect(lines()).toEqual([
      'Booking.com imported 1 h 52 min ago · usually every 2 h',
      // 29 min 20 s: whole minutes gone, never rounded up.
      'Vrbo imported 29 min ago · usually every 45 min',
      'Gathern imported 3 d 4 h ago · usually every 1 d 1 h',
      'Expedia imported just now',
      'Airbnb has never imported this link',
    ])
    const howTo = within(modal()).getByTestId('import-how-to')
    expect(howTo.querySelector('summary')?.textContent).toBe('How to add it to Airbnb')
    expect(howTo.textContent).toContain('Paste this link, name it Manzil')
    cleanup()
    await renderModal('view', 'connections', { internalCalendar, language: 'ar' })
    expect(lines()).toEqual([
      'استوردته Booking.com قبل ساعة و٥٢ دقيقة، عادةً كل ساعتين',
      'استوردته Vrbo قبل ٢٩ دقيقة، عادةً كل ٤٥ دقيقة',
      'استوردته Gathern قبل ٣ أيام و٤ ساعات، عادةً كل يوم وساعة',
      'استوردته Expedia للتو',
      'لم تستورد Airbnb هذا الرابط قط',
    ])
    expect(within(modal()).getByTestId('import-how-to').textContent).toContain('كيف تضيفه إلى Airbnb')
  })

  it('shows no platform links before any platform is linked', async () => {
    await renderModal('view', 'connections', {
      internalCalendar: { url: INTERNAL_URL, platforms: [], loading: false, now: NOW },
    })
    expect(within(modal()).queryByTestId('platform-links')).toBeNull()
  })

  it('lists the connected platforms in view mode', async () => {
    await renderModal('view', 'connections')
    const list = within(modal()).getByTestId('connection-list')
    expect(list.textContent).toContain('Airbnb')
    expect(list.textContent).toContain(property.externalCalendars[0]?.urlPath)
  })

  describe("a link's sync state", () => {
    const failing = aProperty({
      externalCalendars: [
        aCalendar({ lastSyncedAt: '2026-11-20T08:15:00.000Z', lastError: 'sync.errors.timeout' }),
      ],
    })
    const texts = {
      en: { synced: 'Last synced', error: 'The calendar did not answer within 10 seconds' },
      ar: { synced: 'آخر مزامنة', error: 'لم يستجب التقويم خلال ١٠ ثوانٍ' },
    }

    for (const language of ['en', 'ar'] as const) {
      for (const mode of ['view', 'edit'] as const) {
        it(`shows the last sync and the translated failure in ${mode} mode, in ${language}`, async () => {
          await renderModal(mode, 'connections', { shown: failing, language })
          expect(within(modal()).getByTestId('last-synced').textContent).toContain(texts[language].synced)
          expect(within(modal()).getByTestId('last-error').textContent).toBe(texts[language].error)
          expect(modal().textContent).not.toContain('sync.errors')
        })
      }
    }

    const paused = aProperty({
      externalCalendars: [aCalendar({ lastError: 'sync.errors.recurrenceTooComplex', paused: true })],
    })
    const pausedTexts = {
      en: {
        error:
          'This calendar is too large or too complex to read: a repeating event takes more than 20,000 steps to work out',
        paused: 'Paused after 3 failed attempts. Edit the link or press Sync now to try again.',
      },
      ar: {
        error: 'هذا التقويم أكبر أو أعقد من أن يُقرأ: حساب أحد أحداثه المتكررة يتطلب أكثر من ٢٠٬٠٠٠ خطوة',
        paused: 'متوقف مؤقتًا بعد ٣ محاولات فاشلة. عدّل الرابط أو اضغط «مزامنة الآن» لإعادة المحاولة.',
      },
    }
    for (const language of ['en', 'ar'] as const) {
      it(`says a feed is paused, and why, naming the limit, in ${language}`, async () => {
        await renderModal('view', 'connections', { shown: paused, language })
        expect(within(modal()).getByTestId('last-error').textContent).toBe(pausedTexts[language].error)
        expect(within(modal()).getByTestId('sync-paused').textContent).toBe(pausedTexts[language].paused)
      })
    }

    for (const [language, text] of [
      ['en', 'Keeps changing: changes not announced one by one'],
      ['ar', 'يتغيّر باستمرار: لا يُعلن عن تغييراته واحدًا واحدًا'],
    ] as const)
      it(`says a feed keeps changing, in ${language}`, async () => {
        const unstable = aProperty({ externalCalendars: [aCalendar({ unstable: true })] })
        await renderModal('view', 'connections', { shown: unstable, language })
        expect(within(modal()).getByTestId('sync-unstable').textContent).toBe(text)
      })

    it('says nothing of a pause while a feed is not paused', async () => {
      await renderModal('view', 'connections', { shown: failing })
      expect(within(modal()).queryByTestId('sync-paused')).toBeNull()
    })

    it('reads an error key this build does not know as the generic failure', async () => {
      const unknown = aProperty({ externalCalendars: [aCalendar({ lastError: 'sync.errors.brandNew' })] })
      await renderModal('view', 'connections', { shown: unknown })
      expect(within(modal()).getByTestId('last-error').textContent).toBe('The calendar could not be synced')
      expect(within(modal()).getByTestId('last-synced').textContent).toBe('Not synced yet')
    })

    it('hides the stored state under a link the host has changed', async () => {
      await renderModal('edit', 'connections', { shown: failing })
      fireEvent.change(within(modal()).getByLabelText('Airbnb calendar link'), {
        target: { value: 'https://www.airbnb.com/calendar/ical/43.ics' },
      })
      expect(within(modal()).queryByTestId('last-error')).toBeNull()
    })

    it('offers the internal link to copy in view mode too', async () => {
      await renderModal('view', 'connections')
      expect((within(modal()).getByTestId('internal-calendar-url') as HTMLInputElement).value).toBe(
        INTERNAL_URL,
      )
    })
  })
})
