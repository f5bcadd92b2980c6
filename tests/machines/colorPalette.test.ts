import { describe, expect, it } from 'vitest'
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { colorPaletteMachine, EVENT_COLORS, type ColorPaletteState } from '../../src/machines/colorPalette.ts'

type Snapshot = SnapshotFrom<typeof colorPaletteMachine>
type PaletteEvent = EventFromLogic<typeof colorPaletteMachine>

/** A scripted "random": always the last colour left, so every run draws the same sequence. */
const lastLeft = () => 0.999

/**
 * Events for the graph walk: a key never seen before, and one already coloured. The walk tells
 * states apart by their value, how many colours are left and the round, and stops one key into
 * the second round, which keeps the graph finite and still walks the restart.
 */
const keyCount = (snapshot: Snapshot) => Object.keys(snapshot.context.colors).length
const round = (snapshot: Snapshot) => Math.ceil(keyCount(snapshot) / EVENT_COLORS.length)
const model = createTestModel(colorPaletteMachine, {
  input: { random: lastLeft },
  events: (snapshot): PaletteEvent[] => [
    { type: 'colorize', keys: [`booking-${keyCount(snapshot)}`] },
    ...(keyCount(snapshot) > 0 ? [{ type: 'colorize' as const, keys: ['booking-0'] }] : []),
  ],
  serializeState: (snapshot) =>
    `${JSON.stringify(snapshot.value)}:${snapshot.context.remaining.length}:${round(snapshot)}`,
  stopWhen: (snapshot) => round(snapshot) > 1,
})

/** The colours handed out in the current round: the palette minus what is left. */
const givenThisRound = (snapshot: Snapshot) =>
  EVENT_COLORS.filter((c) => !snapshot.context.remaining.includes(c))

// One assertion per state; a state reached without an entry here fails the walk.
const expectations: Record<ColorPaletteState, (snapshot: Snapshot) => void> = {
  fresh: (snapshot) => {
    expect(snapshot.context.remaining).toEqual([...EVENT_COLORS])
    expect(snapshot.context.colors).toEqual({})
  },
  drawing: (snapshot) => {
    const { remaining } = snapshot.context
    expect(remaining.length).toBeGreaterThan(0)
    expect(remaining.length).toBeLessThan(EVENT_COLORS.length)
    expect(new Set(remaining).size).toBe(remaining.length)
    expect(Object.values(snapshot.context.colors)).toEqual(expect.arrayContaining(givenThisRound(snapshot)))
  },
  exhausted: (snapshot) => {
    expect(snapshot.context.remaining).toEqual([])
    // Ten keys in one round: each colour exactly once.
    const colors = Object.values(snapshot.context.colors).slice(-EVENT_COLORS.length)
    expect(new Set(colors)).toEqual(new Set(EVENT_COLORS))
  },
}

const expectState = (snapshot: Snapshot) => {
  const state = snapshot.value as string
  const check = expectations[state as ColorPaletteState]
  if (!check) throw new Error(`No expectation for state "${state}"`)
  check(snapshot)
}

describe('the colour palette', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true })

  it('reaches every state it has expectations for', () => {
    const reached = new Set(paths.map((path) => path.state.value as string))
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort())
  })

  for (const path of paths) {
    // The first step is xstate.init, which has no keys.
    const route = path.steps.map(({ event }) => (event as Partial<PaletteEvent>).keys?.join() ?? event.type)
    it(`reaches ${JSON.stringify(path.state.value)} via ${route.join(' → ')}`, async () => {
      const actor = createActor(colorPaletteMachine, { input: { random: lastLeft } }).start()
      const colorsBefore: Record<string, string> = {}
      await path.test({
        events: {
          colorize: ({ event }) => {
            Object.assign(colorsBefore, actor.getSnapshot().context.colors)
            actor.send(event as PaletteEvent)
          },
        },
        // Each state the walk passes is checked on the running actor, through the one table.
        states: Object.fromEntries(
          Object.keys(expectations).map((state) => [state, () => expectState(actor.getSnapshot())]),
        ),
      })
      expectState(actor.getSnapshot())
      // A coloured key never changes colour.
      for (const [key, color] of Object.entries(colorsBefore)) {
        expect(actor.getSnapshot().context.colors[key]).toBe(color)
      }
    })
  }

  it('draws without repetition until all ten are out, then starts a new round', () => {
    const actor = createActor(colorPaletteMachine, { input: { random: () => 0 } }).start()
    const keys = Array.from({ length: 12 }, (_, index) => `b${index}`)
    actor.send({ type: 'colorize', keys })
    const { colors } = actor.getSnapshot().context
    expect(keys.slice(0, 10).map((key) => colors[key])).toEqual([...EVENT_COLORS])
    expect([colors.b10, colors.b11]).toEqual([EVENT_COLORS[0], EVENT_COLORS[1]])
    expect(actor.getSnapshot().value).toBe('drawing')

    actor.send({ type: 'colorize', keys: ['b0', 'b11'] })
    expect(actor.getSnapshot().context.colors).toEqual(colors)
    expect(actor.getSnapshot().context.remaining).toHaveLength(EVENT_COLORS.length - 2)
  })
})
