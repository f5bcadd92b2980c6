import type { Booking } from './bookings.ts'
import { ownRunsOf } from './echoNights.ts'
import type { Translate } from './translator.ts'

/**
 * What a stay is on the calendar, one kind each, so that the month, the timeline, the legend and
 * the names tell them apart alike: a platform's sale (or its closure taken as one), a stay the
 * host entered by hand, a closed night, our own export coming back (an echo), a closure partly
 * ours and partly its platform's own, and a platform's own booking rule. A conflict is not a
 * kind: any stay that holds nights can be one, and is marked over its kind's look.
 */
export const STAY_SHAPES = ['sale', 'manual', 'block', 'echo', 'partialEcho', 'rule'] as const
export type StayShape = (typeof STAY_SHAPES)[number]

type Shaped = Pick<Booking, 'kind' | 'manual' | 'echo' | 'echoRuns' | 'rule'>

export function shapeOf(stay: Shaped): StayShape {
  if (stay.rule !== undefined) return 'rule'
  if (stay.echo) return 'echo'
  if (stay.echoRuns?.length) return 'partialEcho'
  if (stay.manual) return 'manual'
  return stay.kind === 'block' ? 'block' : 'sale'
}

/** The kinds that hold no night of their own: muted wherever a stay is drawn. */
export const isMuted = (shape: StayShape) => shape === 'echo' || shape === 'rule'

/** Each kind's name, as the legend and the names say it. */
const SHAPE_NAMES: Readonly<Record<StayShape, string>> = {
  sale: 'calendar.sale',
  manual: 'calendar.manual',
  block: 'calendar.blocked',
  echo: 'manualStay.echo',
  partialEcho: 'calendar.partlyEcho',
  rule: 'calendar.platformRule',
}

export const shapeName = (t: Translate, shape: StayShape) => t(SHAPE_NAMES[shape])

/**
 * What a stay's name says of its kind, after its dates: nothing for a sale (its title says it),
 * else the kind; a partial echo says which nights are its platform's own
 * ("Booking.com closure, partly synced from Manzil; Booking.com's own: 12 – 14 Dec 2026").
 */
export function shapeMark(
  t: Translate,
  stay: Shaped & Pick<Booking, 'start' | 'end' | 'platform'>,
  format: { dateRange: (start: string, end: string) => string; list: (items: readonly string[]) => string },
): string | null {
  const shape = shapeOf(stay)
  if (shape === 'sale') return null
  if (shape !== 'partialEcho') return shapeName(t, shape)
  const own = format.list(ownRunsOf(stay).map((run) => format.dateRange(run.start, run.end)))
  return t('calendar.partialEcho', { platform: stay.platform.trim(), own })
}
