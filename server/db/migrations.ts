import { type Kysely, type Migration, sql } from 'kysely'
import { ownerDataVersion } from './migrations/0002_owner_data_version.ts'
import { auditMessageTemplate } from './migrations/0003_audit_message_template.ts'
import { feedBudgets } from './migrations/0004_feed_budgets.ts'
import { stayPrices } from './migrations/0005_stay_prices.ts'
import { feedWarnings } from './migrations/0006_feed_warnings.ts'
import { platformFeeds } from './migrations/0007_platform_feeds.ts'
import { manualStaysAndEchoes } from './migrations/0008_manual_stays_and_echoes.ts'
import { propertyTimeZones } from './migrations/0009_property_time_zones.ts'
import { changeNotices } from './migrations/0010_change_notices.ts'
import { signInGuards } from './migrations/0011_sign_in_guards.ts'
import { servedNights } from './migrations/0012_served_nights.ts'
import { cascadeIndexes } from './migrations/0013_cascade_indexes.ts'
import { noticeMailBudget } from './migrations/0014_notice_mail_budget.ts'
import { platformRules } from './migrations/0015_platform_rules.ts'
import { photoSizes } from './migrations/0016_photo_sizes.ts'
import { churnAndRetention } from './migrations/0017_churn_and_retention.ts'
import { userListOrder } from './migrations/0018_user_list_order.ts'
import { ruleEvidence } from './migrations/0019_rule_evidence.ts'
import { cancelledStaysIndex } from './migrations/0020_cancelled_stays_index.ts'
import { propertyFeedVersion } from './migrations/0021_property_feed_version.ts'
import { servedRuns } from './migrations/0022_served_runs.ts'
import { feedFetches } from './migrations/0023_feed_fetches.ts'
import { atRiskAcknowledged } from './migrations/0024_at_risk_acknowledged.ts'
import { importAlarms } from './migrations/0025_import_alarms.ts'
import { stayTimes } from './migrations/0026_stay_times.ts'
import { cleanerLinks } from './migrations/0027_cleaner_links.ts'
import { cleanerMail } from './migrations/0028_cleaner_mail.ts'
import { webPush } from './migrations/0029_web_push.ts'
import { propertyMembers } from './migrations/0030_property_members.ts'
import { alarmCopies } from './migrations/0031_alarm_copies.ts'
import { stayTakenAt } from './migrations/0032_stay_taken_at.ts'
import { ownerVersionAtCommit } from './migrations/0033_owner_version_at_commit.ts'
import { feedFetchesVersion } from './migrations/0034_feed_fetches_version.ts'

// Versioned, append-only. Each migration uses only types both engines share (text, integer,
// double precision), so one migration serves SQLite and PostgreSQL.
const initialSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('phone', 'text')
      .addColumn('residental_address', 'text')
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('account_state', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('notifications_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('twofactor_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

    await db.schema
      .createTable('email_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('email_codes_lookup')
      .on('email_codes')
      .columns(['purpose', 'email'])
      .execute()

    await db.schema
      .createTable('reset_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('properties')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('region', 'text')
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('cost_per_night', sql`double precision`)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
      .addColumn('export_token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('properties_owner')
      .on('properties')
      .columns(['owner_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('property_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('property_id', 'text', (c) => c.notNull().references('properties.id').onDelete('cascade'))
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('thumb_name', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('property_images_property')
      .on('property_images')
      .columns(['property_id', 'position'])
      .execute()

    await db.schema
      .createTable('external_calendars')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('property_id', 'text', (c) => c.notNull().references('properties.id').onDelete('cascade'))
      .addColumn('platform_name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('content_hash', 'text')
      .addColumn('first_synced_at', 'text')
      .addColumn('last_synced_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_sync_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('external_calendars_platform', ['property_id', 'platform_name'])
      .execute()
    await db.schema
      .createIndex('external_calendars_due')
      .on('external_calendars')
      .column('next_sync_at')
      .execute()

    await db.schema
      .createTable('bookings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('calendar_id', 'text', (c) =>
        c.notNull().references('external_calendars.id').onDelete('cascade'),
      )
      .addColumn('property_id', 'text', (c) => c.notNull().references('properties.id').onDelete('cascade'))
      .addColumn('uid', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('location', 'text')
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('guest_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', 'text')
      .addColumn('first_seen_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('bookings_calendar_uid', ['calendar_id', 'uid'])
      .execute()
    await db.schema
      .createIndex('bookings_property_dates')
      .on('bookings')
      .columns(['property_id', 'start_date', 'end_date'])
      .execute()

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('notifications_user')
      .on('notifications')
      .columns(['user_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('subject_id', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('ip', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at']).execute()
    await db.schema.createIndex('audit_log_kind').on('audit_log').columns(['kind', 'created_at']).execute()
  },
}

export const migrations: Record<string, Migration> = {
  '0001_initial_schema': initialSchema,
  '0002_owner_data_version': ownerDataVersion,
  '0003_audit_message_template': auditMessageTemplate,
  '0004_feed_budgets': feedBudgets,
  '0005_stay_prices': stayPrices,
  '0006_feed_warnings': feedWarnings,
  '0007_platform_feeds': platformFeeds,
  '0008_manual_stays_and_echoes': manualStaysAndEchoes,
  '0009_property_time_zones': propertyTimeZones,
  '0010_change_notices': changeNotices,
  '0011_sign_in_guards': signInGuards,
  '0012_served_nights': servedNights,
  '0013_cascade_indexes': cascadeIndexes,
  '0014_notice_mail_budget': noticeMailBudget,
  '0015_platform_rules': platformRules,
  '0016_photo_sizes': photoSizes,
  '0017_churn_and_retention': churnAndRetention,
  '0018_user_list_order': userListOrder,
  '0019_rule_evidence': ruleEvidence,
  '0020_cancelled_stays_index': cancelledStaysIndex,
  '0021_property_feed_version': propertyFeedVersion,
  '0022_served_runs': servedRuns,
  '0023_feed_fetches': feedFetches,
  '0024_at_risk_acknowledged': atRiskAcknowledged,
  '0025_import_alarms': importAlarms,
  '0026_stay_times': stayTimes,
  '0027_cleaner_links': cleanerLinks,
  '0028_cleaner_mail': cleanerMail,
  '0029_web_push': webPush,
  '0030_property_members': propertyMembers,
  '0031_alarm_copies': alarmCopies,
  '0032_stay_taken_at': stayTakenAt,
  '0033_owner_version_at_commit': ownerVersionAtCommit,
  '0034_feed_fetches_version': feedFetchesVersion,
}
