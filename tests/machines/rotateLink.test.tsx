import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import { rotateLinkMachine } from '../../src/machines/property/rotateLink.ts'
import { RotateCalendarLinkButton } from '../../src/routes/properties/RotateCalendarLinkButton.tsx'
import { walkConfirmedAction } from './confirmedActionWalk.tsx'

const newLink = () => screen.getByRole('button', { name: 'New link' })

walkConfirmedAction({
  flow: rotateLinkMachine,
  path: '/properties',
  control: (implementations) => (
    <RotateCalendarLinkButton propertyId="p1" platformName="Airbnb" implementations={implementations} />
  ),
  dialogTestId: 'rotate-link-dialog',
  openButton: 'New link',
  title: 'Replace the link for Airbnb?',
  confirmButton: 'Replace the link',
  expectClosed: () => expect(newLink()).toBeTruthy(),
  expectConfirming: (dialog) =>
    expect(dialog.textContent).toContain("Paste the new one into Airbnb's calendar import"),
  // Replaced: the confirmation has closed, and "New link" can replace the new one in turn.
  expectDone: ({ screen: rendered }) => {
    expect(screen.queryByTestId('rotate-link-dialog')).toBeNull()
    expect(newLink()).toBeTruthy()
    expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'property.linkRotated' } })
  },
})
