import { assign, setup } from 'xstate'

/** SPEC 9: the ten event colours. */
export const EVENT_COLORS = [
  '#9E1946',
  '#DB4C40',
  '#F58549',
  '#FDAE61',
  '#FCE48C',
  '#E0F08F',
  '#A0DD98',
  '#10B785',
  '#648DE5',
  '#7411D0',
] as const

type Context = {
  /** A number in [0, 1); injected so that tests draw the same colours every run. */
  random: () => number
  /** Colours not yet given out in this round. */
  remaining: string[]
  /** Every key coloured so far keeps its colour for the actor's life. */
  colors: Record<string, string>
}

type Events = { type: 'colorize'; keys: readonly string[] }

/** Gives each new key a colour drawn at random from those left, refilling once all ten are out. */
function drawColors({ random, remaining, colors }: Context, keys: readonly string[]) {
  const left = [...remaining]
  const given = { ...colors }
  for (const key of keys) {
    if (given[key] !== undefined) continue
    if (left.length === 0) left.push(...EVENT_COLORS)
    const index = Math.min(left.length - 1, Math.floor(random() * left.length))
    given[key] = left.splice(index, 1)[0] as string
  }
  return { remaining: left, colors: given }
}

/**
 * SPEC 9: colours are picked at random without repetition until the palette is exhausted, then
 * the cycle restarts. `fresh`: no colour given in this round; `drawing`: some left; `exhausted`:
 * all ten given, the next new key starts a new round.
 */
export const colorPaletteMachine = setup({
  types: {} as { context: Context; events: Events; input: { random?: () => number } },
  guards: {
    isFresh: ({ context }) => context.remaining.length === EVENT_COLORS.length,
    isExhausted: ({ context }) => context.remaining.length === 0,
  },
}).createMachine({
  id: 'colorPalette',
  context: ({ input }) => ({ random: input.random ?? Math.random, remaining: [...EVENT_COLORS], colors: {} }),
  initial: 'fresh',
  on: {
    colorize: {
      target: '.sorting',
      actions: assign(({ context, event }) => drawColors(context, event.keys)),
    },
  },
  states: {
    sorting: {
      always: [
        { guard: 'isExhausted', target: 'exhausted' },
        { guard: 'isFresh', target: 'fresh' },
        { target: 'drawing' },
      ],
    },
    fresh: {},
    drawing: {},
    exhausted: {},
  },
})

export type ColorPaletteState = 'fresh' | 'drawing' | 'exhausted'
