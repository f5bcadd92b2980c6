import fc from 'fast-check'
import type { Stay } from '../../src/domain/bookings.ts'
import { Refused, type PlatformName } from './platforms.ts'
import type { World } from './world.ts'

export const PLATFORM_NAMES: PlatformName[] = ['Airbnb', 'Booking.com', 'Vrbo']

const aPlatform = fc.constantFrom(...PLATFORM_NAMES)

/**
 * What guests do on the platforms, as often as it happens: sales most, then cancellations and
 * moves, now and then a cancelled reservation taken back. `nights` draws a sale's nights, as the
 * simulation places them (`performGuestAction` reads them into dates).
 */
export const guestActions = <N>(nights: fc.Arbitrary<N>) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('sell' as const), platform: aPlatform, nights }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('cancel' as const), platform: aPlatform, pick: fc.nat() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('reinstate' as const), platform: aPlatform, pick: fc.nat() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('move' as const),
        platform: aPlatform,
        pick: fc.nat(),
        nights,
      }),
    },
  )

/** A guest's name completed on a reservation: a new summary in its platform's export, no new nights. */
export const aRename = fc.record({
  kind: fc.constant('rename' as const),
  platform: aPlatform,
  pick: fc.nat(),
})

export type GuestAction<N> =
  | (ReturnType<typeof guestActions<N>> extends fc.Arbitrary<infer T> ? T : never)
  | (typeof aRename extends fc.Arbitrary<infer T> ? T : never)

/** Does what the action says, unless the platform refuses it (nights it holds) or has no such sale. */
export function performGuestAction<N>(world: World, action: GuestAction<N>, datesOf: (nights: N) => Stay) {
  const platform = world.platform(action.platform)
  const from = action.kind === 'reinstate' ? platform.cancelled : platform.sales
  const sale = action.kind === 'sell' ? undefined : from[action.pick % from.length]
  try {
    if (action.kind === 'sell') platform.sell(datesOf(action.nights))
    else if (sale && action.kind === 'cancel') platform.cancel(sale)
    else if (sale && action.kind === 'move') platform.move(sale, datesOf(action.nights))
    else if (sale && action.kind === 'reinstate') platform.reinstate(sale)
    else if (sale && action.kind === 'rename') platform.rename(sale)
  } catch (error) {
    if (!(error instanceof Refused)) throw error
  }
}

/**
 * What the host does in Manzil now and then: blocks nights (a manual block, at risk on every
 * platform until each imports it), or says they closed a platform's nights at risk by hand.
 */
export const hostActions = <N>(nights: fc.Arbitrary<N>) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('block' as const), nights }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('acknowledge' as const), platform: aPlatform }) },
  )

export type HostAction<N> = ReturnType<typeof hostActions<N>> extends fc.Arbitrary<infer T> ? T : never

/** Does what the host's action says, through the app; a block over nights Manzil holds is not made. */
export async function performHostAction<N>(
  world: World,
  action: HostAction<N>,
  datesOf: (nights: N) => Stay,
) {
  if (action.kind === 'block') await world.hostBlock(datesOf(action.nights))
  else await world.acknowledge(action.platform)
}
