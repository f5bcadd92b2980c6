import type { DatabaseHandle, Engine } from '../db/database.ts'
import { HttpError } from '../errors.ts'
import type { Metrics } from '../metrics/service.ts'

export type Health = {
  status: 'ok'
  db: { engine: Engine; answeredInMs: number }
  sync: { lastRoundAt: string | null; failingFeeds: number; pausedFeeds: number }
}

export type HealthServiceDeps = {
  database: DatabaseHandle
  metrics: Pick<Metrics, 'lastRoundAt' | 'feedCounts'>
  /** Told why the database did not answer; the caller only learns that it did not. */
  onDatabaseDown: (error: unknown) => void
}

export function createHealthService({ database, metrics, onDatabaseDown }: HealthServiceDeps) {
  return {
    /**
     * What a load balancer and an operator ask: does the database answer (else 503), when did
     * this process's scheduler last finish a round, and how many feeds (all processes') fail or
     * are paused as of this process's last round.
     */
    async check(): Promise<Health> {
      const started = performance.now()
      try {
        await database.ping()
        const answeredInMs = Math.round(performance.now() - started)
        const feeds = await metrics.feedCounts()
        return {
          status: 'ok',
          db: { engine: database.engine, answeredInMs },
          sync: {
            lastRoundAt: metrics.lastRoundAt(),
            failingFeeds: feeds.failing,
            pausedFeeds: feeds.paused,
          },
        }
      } catch (error) {
        onDatabaseDown(error)
        throw new HttpError(503, 'errors.databaseUnavailable')
      }
    },
  }
}

export type HealthService = ReturnType<typeof createHealthService>
