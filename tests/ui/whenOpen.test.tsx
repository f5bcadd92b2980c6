import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazyPart, WhenOpen } from '../../src/ui/common/lazyParts.tsx'
import { renderWithProviders } from './providers.tsx'

// The first dialog this file opens: Headless UI's code is not running yet when its opener is
// pressed. Its chunk arrives when the test says so.
let arrive = () => {}
const arrived = new Promise<void>((resolve) => (arrive = resolve))
const Modal = lazyPart(() =>
  arrived.then(() => import('../../src/ui/common/Modal.tsx')).then((module) => module.Modal),
)

function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <WhenOpen open={open}>
        <Modal.Component open onClose={() => setOpen(false)} title="Details" testId="details">
          <button type="button">Inside</button>
        </Modal.Component>
      </WhenOpen>
    </>
  )
}

describe('a dialog whose code loads when it first opens', () => {
  it('shows a spinner meanwhile, then the dialog, and gives the focus back to its opener on closing', async () => {
    await renderWithProviders(<Harness />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await userEvent.click(opener)
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    act(() => arrive())
    await screen.findByTestId('details', {}, { timeout: 5000 })
    await userEvent.click(screen.getByRole('button', { name: 'Inside' }))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('details')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })
})
