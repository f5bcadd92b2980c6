import type { FastifyInstance } from 'fastify'
import { createAdminService, type AdminService } from './admin/service.ts'
import { createAuditService, type AuditService } from './audit/service.ts'
import { createAuthService, type AuthService } from './auth/service.ts'
import { createCalendarService, type CalendarService } from './calendar/service.ts'
import { createGuestService, type GuestService } from './guest/service.ts'
import { createHealthService, type HealthService } from './health/service.ts'
import { createFetchLog } from './imports/fetchLog.ts'
import { createImportService, type ImportService } from './imports/service.ts'
import { installImportAlarms } from './imports/alarms.ts'
import { installMetrics } from './metrics/install.ts'
import { installNotifications } from './notification/hub.ts'
import { installRetention } from './notification/retention.ts'
import { createNotificationService } from './notification/service.ts'
import { installPush } from './push/install.ts'
import type { PushTuning } from './push/sender.ts'
import { createImageStore, uploadsDirOf, type ImageStore } from './property/images.ts'
import { createPropertyService, type PropertyService } from './property/service.ts'
import { createStatisticsService, type StatisticsService } from './statistics/service.ts'
import { createStayService, type StayService } from './stay/service.ts'
import { installSync } from './sync/scheduler.ts'
import { createSyncService, type SyncService } from './sync/service.ts'
import { createUserService, type UserService } from './user/service.ts'
import { createTurnoverService, type TurnoverService } from './turnover/service.ts'
import { createCleanerLinkService, type CleanerLinkService } from './turnover/cleanerLinks.ts'
import { createTeamService, type TeamService } from './team/service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService
    /** One property service: the host's, the admin's and the account's routes share it. */
    properties: PropertyService
    /** Where the photos of every property are stored. */
    propertyImages: ImageStore
    users: UserService
    admin: AdminService
    auth: AuthService
    stays: StayService
    statistics: StatisticsService
    guests: GuestService
    calendars: CalendarService
    imports: ImportService
    sync: SyncService
    health: HealthService
    turnovers: TurnoverService
    cleanerLinks: CleanerLinkService
    team: TeamService
  }
}

/**
 * Builds every slice's service once for the whole app, in this order: each is made from the
 * ones before it (never read back from the app), so a cache is one per app whichever routes use
 * it, and every route calls `app.<service>.<operation>`. The services with a life of their own
 * (hooks, timers, a channel between processes) install themselves first; a property's new link is
 * fetched at once by the sync engine, so the scheduler comes before the properties.
 */
export function installServices(
  app: FastifyInstance,
  { recordFeedFetches, push: pushTuning }: { recordFeedFetches: boolean; push?: Partial<PushTuning> },
) {
  const { config, database, db, log, mailer, clock } = app
  installMetrics(app)
  const push = installPush(app, pushTuning)
  // Every stored notice is announced; its account's devices are pushed to from there, unawaited.
  installNotifications(app, createNotificationService({ db }), (userId) =>
    push.sender
      .sendWaiting(userId)
      .catch((error: unknown) => log.error({ err: error, userId }, 'could not push notices')),
  )
  installRetention(app)
  const audit = createAuditService({ db })
  app.decorate('audit', audit)
  installSync(app)
  const { syncCalendarsNow } = app

  const images = createImageStore(uploadsDirOf(config), log)
  const imports = createImportService({ db, clock })
  app.decorate('imports', imports)
  installImportAlarms(app, imports)
  const properties = createPropertyService({
    imports,
    clock,
    db,
    images,
    publicUrl: config.publicUrl,
    log,
    quotas: config.quotas,
    // The links' first imports mail what they find with the next round, not each on its own.
    onCalendarsChanged: async (calendarIds) => void (await syncCalendarsNow(calendarIds, { mail: false })),
  })
  const users = createUserService({ database, mailer, publicUrl: config.publicUrl, properties })
  app.decorate('propertyImages', images)
  app.decorate('properties', properties)
  app.decorate('users', users)
  app.decorate('admin', createAdminService({ database, audit, users }))
  app.decorate('auth', createAuthService({ db, mailer, publicUrl: config.publicUrl, audit }))
  app.decorate('stays', createStayService({ db, clock }))
  app.decorate('statistics', createStatisticsService({ db }))
  app.decorate('guests', createGuestService({ db }))
  const turnovers = createTurnoverService({ db })
  app.decorate('turnovers', turnovers)
  app.decorate(
    'cleanerLinks',
    createCleanerLinkService({
      db,
      publicUrl: config.publicUrl,
      clock,
      turnovers,
      mailer,
      mailsPerHour: config.mailNoticesPerHour,
      log,
    }),
  )
  app.decorate(
    'team',
    createTeamService({
      db,
      publicUrl: config.publicUrl,
      clock,
      mailer,
      audit,
      mailsPerHour: config.mailNoticesPerHour,
      log,
    }),
  )
  const fetchLog = recordFeedFetches
    ? createFetchLog(db, (error) => log.error({ err: error }, 'could not record platforms’ fetches'))
    : null
  // Before the database closes: what was noted last is written.
  app.addHook('preClose', async () => {
    await fetchLog?.flush()
  })
  app.decorate('calendars', createCalendarService({ db, clock, fetchLog }))
  app.decorate('sync', createSyncService({ db, syncNow: syncCalendarsNow }))
  app.decorate(
    'health',
    createHealthService({
      database,
      metrics: app.metrics,
      onDatabaseDown: (error) => log.warn({ err: error }, 'health check: database does not answer'),
    }),
  )
}
