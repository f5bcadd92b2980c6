import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { AfterFirstPaint } from '../../src/ui/common/AfterFirstPaint.tsx'

describe('what a screen shows below its first view', () => {
  it('is left out of the first render and drawn once a frame has been painted', async () => {
    render(
      <>
        <h1>Figures</h1>
        <AfterFirstPaint>
          <p>Your properties</p>
        </AfterFirstPaint>
      </>,
    )
    expect(screen.getByRole('heading', { name: 'Figures' })).toBeTruthy()
    expect(screen.queryByText('Your properties')).toBeNull()
    expect(await screen.findByText('Your properties')).toBeTruthy()
  })
})
