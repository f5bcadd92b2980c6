import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import { SAMPLE_CLEANER_LINK } from '../../scripts/machineCatalog.ts'
import type { FlowImplementations } from '../../src/common/useFlow.ts'
import {
  revokeCleanerLinkMachine,
  rotateCleanerLinkMachine,
} from '../../src/machines/cleaning/cleanerLinkActions.ts'
import { CleanerLinks } from '../../src/routes/turnovers/CleanerLinksSection.tsx'
import { walkConfirmedAction } from './confirmedActionWalk.tsx'

const PROPERTIES = [
  { id: 'property-1', name: 'Palm Villa' },
  { id: 'property-2', name: 'Corniche Flat' },
]
const LINK = SAMPLE_CLEANER_LINK

/** One link on the Turnovers screen, its two actions answering through the walk's fakes. */
const links = (implementations: {
  rotate?: FlowImplementations<typeof rotateCleanerLinkMachine>
  revoke?: FlowImplementations<typeof revokeCleanerLinkMachine>
}) => (
  <CleanerLinks
    links={[LINK]}
    properties={PROPERTIES}
    createLink={() => Promise.reject(new Error('not made here'))}
    created={() => {}}
    rotateLink={() => Promise.reject(new Error('the walk provides it'))}
    revokeLink={() => Promise.reject(new Error('the walk provides it'))}
    implementations={implementations}
  />
)

/** The link's card shows what it covers, whom it tells, and both its addresses. */
const expectCard = () => {
  const card = screen.getByTestId('cleaner-link')
  expect(card.textContent).toContain('Fatima')
  expect(screen.getByTestId('cleaner-link-properties').textContent).toBe('Palm Villa, Corniche Flat')
  expect(card.textContent).toContain('العربية')
  expect(screen.getByTestId('cleaner-link-email').textContent).toBe(`${LINK.email}Waiting for confirmation`)
  expect(screen.getByLabelText<HTMLInputElement>("Cleaner's page").value).toBe(LINK.url)
  expect(screen.getByLabelText<HTMLInputElement>('Calendar (.ics)').value).toBe(LINK.icsUrl)
}

for (const { flow, kind, title, confirmButton, done } of [
  {
    flow: rotateCleanerLinkMachine,
    kind: 'rotate',
    title: 'Replace the link for Fatima?',
    confirmButton: 'Replace the link',
    done: 'turnovers.links.rotated',
  },
  {
    flow: revokeCleanerLinkMachine,
    kind: 'revoke',
    title: 'Revoke the link for Fatima?',
    confirmButton: 'Revoke the link',
    done: 'turnovers.links.revoked',
  },
] as const)
  walkConfirmedAction({
    flow,
    path: '/turnovers',
    control: (implementations) => links({ [kind]: implementations }),
    dialogTestId: `${kind}-cleaner-link-dialog`,
    openButton: kind === 'rotate' ? 'New link' : 'Revoke',
    title,
    confirmButton,
    expectClosed: expectCard,
    expectConfirming: (dialog) => expect(dialog.textContent).toContain('stop working at once'),
    expectDone: ({ screen: rendered }) => {
      expect(screen.queryByTestId(`${kind}-cleaner-link-dialog`)).toBeNull()
      expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: done } })
    },
  })
