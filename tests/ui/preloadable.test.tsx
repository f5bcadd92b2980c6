import { Suspense, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { preloadable } from '../../src/common/preloadable.tsx'

/** A screen with something typed into it: its state is what a remount would lose. */
function Notes() {
  const [text, setText] = useState('')
  return <input aria-label="Notes" value={text} onChange={(event) => setText(event.target.value)} />
}

/** Draws the part again whenever its button is pressed, as a router or a network change does. */
function Page({ Part }: { Part: ReturnType<typeof preloadable<object>> }) {
  const [renders, setRenders] = useState(0)
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Draw again {renders}
      </button>
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>
    </>
  )
}

describe('a part loaded on demand', () => {
  it('keeps what was typed in it when its parent draws it again after its code arrived', async () => {
    const Part = preloadable(
      () =>
        new Promise<{ default: typeof Notes }>((resolve) => setTimeout(() => resolve({ default: Notes }), 5)),
    )
    render(<Page Part={Part} />)
    expect(screen.getByText('Loading')).toBeTruthy()
    const notes = await screen.findByRole('textbox', { name: 'Notes' })
    fireEvent.change(notes, { target: { value: 'Arrives late' } })

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Draw again/ })))
    const after = screen.getByRole<HTMLInputElement>('textbox', { name: 'Notes' })
    expect(after).toBe(notes)
    expect(after.value).toBe('Arrives late')
  })

  it('draws at once, without a fallback, once preloaded', async () => {
    const Part = preloadable(() => Promise.resolve({ default: Notes }))
    await Part.preload()
    render(<Page Part={Part} />)
    expect(screen.queryByText('Loading')).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBeTruthy()
  })
})
