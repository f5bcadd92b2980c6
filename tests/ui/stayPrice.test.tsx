import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ManualStayValues } from '../../src/domain/manualStays.ts'
import { ManualStayDialog } from '../../src/ui/calendar/ManualStayDialog.tsx'
import { formattersFor } from '../../src/ui/common/format.ts'
import { renderWithProviders } from './providers.tsx'

const VALUES: ManualStayValues = {
  start: '2031-05-10',
  end: '2031-05-13',
  kind: 'booking',
  guestName: '',
  note: '',
  price: '',
  priceBasis: 'night',
}

async function renderForm(mode: 'add' | 'edit', language: 'en' | 'ar' = 'en', values = VALUES) {
  const onSubmit = vi.fn()
  await renderWithProviders(
    <ManualStayDialog
      open
      mode={mode}
      properties={[{ id: 'villa', name: 'Palm Villa', costPerNight: 200 }]}
      propertyId="villa"
      values={values}
      busy={false}
      nightsTakenBy={[]}
      nightsUnchecked={false}
      onNightsChange={() => {}}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
    { language },
  )
  return { onSubmit, field: await screen.findByTestId('stay-price-field') }
}

describe('a manual booking’s price in the form', () => {
  it('takes a price per night or a total, and says what it comes to', async () => {
    const { onSubmit, field } = await renderForm('add')
    const { sar } = formattersFor('en')
    const hint = within(field).getByTestId('stay-price-hint')
    expect(hint.textContent).toBe(`Leave it empty for the property’s price, ${sar(200)} a night.`)
    const user = userEvent.setup()
    await user.type(within(field).getByLabelText('Amount (SAR)'), '350')
    expect(hint.textContent).toBe(`3 nights × ${sar(350)} = ${sar(1050)}`)
    await user.click(within(field).getByRole('radio', { name: 'Whole stay' }))
    await user.clear(within(field).getByLabelText('Amount (SAR)'))
    await user.type(within(field).getByLabelText('Amount (SAR)'), '1000')
    expect(hint.textContent).toBe(`${sar(1000)} over 3 nights: ${sar(333.33)} a night`)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith('villa', { ...VALUES, price: '1000', priceBasis: 'stay' })
  })

  it('has no price for a block, and no default for a saved stay, in Arabic too', async () => {
    const { field } = await renderForm('edit', 'ar')
    expect(within(field).getByTestId('stay-price-hint').textContent).toBe(
      'اتركه فارغًا لإقامة بلا سعر: لا تُضاف حينها إلى إيراداتك.',
    )
    await userEvent.setup().click(screen.getByRole('radio', { name: 'إغلاق' }))
    expect(screen.queryByTestId('stay-price-field')).toBeNull()
  })
})
