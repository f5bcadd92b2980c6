import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type SnapshotFrom, type StateValue } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  MAX_RETRY_MS,
  notificationStreamMachine,
  retryDelay,
  type ConnectionEvent,
  type StreamNotification,
} from '../../src/machines/notifications/notificationStream.ts'
import type { StateName } from './walk.tsx'

type Snapshot = SnapshotFrom<typeof notificationStreamMachine>
type StreamState = StateName<typeof notificationStreamMachine.definition>

const NEW_BOOKING: StreamNotification = {
  id: 'n1',
  ical: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
  platformName: 'Airbnb',
  propertyName: 'Palm Villa',
  createdAt: '2026-03-01T10:00:00.000Z',
}

/** A stand-in for the EventSource: the test plays the server's side of each connection. */
function fakeServer() {
  const connections: { sendBack: (event: ConnectionEvent) => void; closed: boolean }[] = []
  const delivered: StreamNotification[] = []
  const machine = notificationStreamMachine({
    actors: {
      connect: fromCallback(({ sendBack }) => {
        const connection = { sendBack, closed: false }
        connections.push(connection)
        return () => {
          connection.closed = true
        }
      }),
    },
    actions: { deliver: (_, notification) => delivered.push(notification) },
  })
  const open = () => connections.filter((connection) => !connection.closed)
  const current = () => {
    const [connection] = open()
    if (!connection) throw new Error('no open connection')
    return connection
  }
  return { machine, connections, delivered, open, current }
}

const stateKey = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([parent, child]) => `${parent}.${stateKey(child as StateValue)}`)
        .join()

type Server = ReturnType<typeof fakeServer>

// One assertion per state; a state the walk reaches without an entry here fails.
const expectations: Record<StreamState, (snapshot: Snapshot, server: Server) => void> = {
  'live.connecting': (_, server) => expect(server.open()).toHaveLength(1),
  'live.open': (snapshot, server) => {
    expect(server.open()).toHaveLength(1)
    expect(snapshot.context.failures).toBe(0)
  },
  reconnecting: (snapshot, server) => {
    expect(server.open()).toHaveLength(0)
    expect(snapshot.context.failures).toBeGreaterThan(0)
  },
  replaced: (_, server) => expect(server.open()).toHaveLength(0),
  closed: (snapshot, server) => {
    expect(server.open()).toHaveLength(0)
    expect(snapshot.status).toBe('done')
  },
}

const expectState = (snapshot: Snapshot, server: Server) => {
  const key = stateKey(snapshot.value)
  const check = expectations[key as StreamState]
  if (!check) throw new Error(`No expectation for state "${key}"`)
  check(snapshot, server)
}

describe('the notification stream', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  // The walk cannot run invoked actors or timers, so it plans paths on the bare machine and each
  // path then drives the real actor with a fake server and fake timers. The delays are events
  // for the walk; a given event list replaces the machine's own, so they are named here.
  const delayOf = (state: 'reconnecting' | 'replaced') =>
    notificationStreamMachine.definition.getStateNodeById(`notificationStream.${state}`).after[0]!
  const retry = delayOf('reconnecting')
  const longestPause = delayOf('replaced')
  const paths = getShortestPaths(notificationStreamMachine.definition, {
    events: [
      { type: 'opened' },
      { type: 'dropped' },
      { type: 'replaced' },
      { type: 'received', notification: NEW_BOOKING },
      { type: 'close' },
      { type: retry.eventType } as unknown as ConnectionEvent,
      { type: longestPause.eventType } as unknown as ConnectionEvent,
    ],
    // Failures in a row (0, 1, 2 or more) tell states apart, so the walk takes the retry delay.
    serializeState: (snapshot) =>
      `${JSON.stringify(snapshot.value)}:${Math.min(snapshot.context.failures, 2)}`,
  })

  it('reaches every state it has expectations for', () => {
    const reached = new Set(paths.map((path) => stateKey(path.state.value)))
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort())
  })

  for (const path of paths) {
    const route = path.steps.map(({ event }) => event.type.replace(/^xstate\.after\..*/, 'retry delay'))
    it(`reaches ${stateKey(path.state.value)} via ${route.join(' → ')}`, () => {
      const server = fakeServer()
      const actor = createActor(server.machine).start()
      for (const { event } of path.steps.slice(1)) {
        expectState(actor.getSnapshot(), server)
        if (event.type === 'close') actor.send({ type: 'close' })
        else if (event.type === longestPause.eventType) vi.advanceTimersByTime(MAX_RETRY_MS)
        else if (event.type === retry.eventType) {
          vi.advanceTimersByTime(retryDelay(actor.getSnapshot().context.failures))
        } else server.current().sendBack(event as ConnectionEvent)
      }
      expectState(actor.getSnapshot(), server)
      expect(stateKey(actor.getSnapshot().value)).toBe(stateKey(path.state.value))
    })
  }

  it('hands each live notification over as it arrives', () => {
    const server = fakeServer()
    createActor(server.machine).start()
    server.current().sendBack({ type: 'opened' })
    server.current().sendBack({ type: 'received', notification: NEW_BOOKING })
    expect(server.delivered).toEqual([NEW_BOOKING])
  })

  it('waits longer after each failed try, and starts over once a connection opens', () => {
    const server = fakeServer()
    const actor = createActor(server.machine).start()
    const reconnectAfter = (delay: number) => {
      server.current().sendBack({ type: 'dropped' })
      vi.advanceTimersByTime(delay - 1)
      expect(server.open()).toHaveLength(0)
      vi.advanceTimersByTime(1)
      expect(server.open()).toHaveLength(1)
    }
    reconnectAfter(1000)
    reconnectAfter(2000)
    reconnectAfter(4000)
    server.current().sendBack({ type: 'opened' })
    reconnectAfter(1000)
    expect(server.connections).toHaveLength(5)
    expect(stateKey(actor.getSnapshot().value)).toBe('live.connecting')
    expect(retryDelay(20)).toBe(MAX_RETRY_MS)
  })

  it('waits the longest pause after a newer stream of its session replaced it, however healthy it was', () => {
    const server = fakeServer()
    const actor = createActor(server.machine).start()
    server.current().sendBack({ type: 'opened' })
    server.current().sendBack({ type: 'replaced' })
    expect(server.open()).toHaveLength(0)
    vi.advanceTimersByTime(MAX_RETRY_MS - 1)
    expect(server.open()).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(server.open()).toHaveLength(1)
    expect(stateKey(actor.getSnapshot().value)).toBe('live.connecting')
  })

  it('stops trying once closed', () => {
    const server = fakeServer()
    const actor = createActor(server.machine).start()
    server.current().sendBack({ type: 'dropped' })
    actor.send({ type: 'close' })
    vi.advanceTimersByTime(MAX_RETRY_MS)
    expect(server.connections).toHaveLength(1)
    expect(server.open()).toHaveLength(0)
  })
})
