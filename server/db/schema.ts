import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { PlatformRule } from '../../src/domain/platformRules.ts'
import type { BookingKind } from '../../src/domain/bookings.ts'
import type { ImportAlarmKind, NoticeKind } from '../../src/domain/noticeKinds.ts'
/**
 * Portable column conventions, so one query path serves SQLite and PostgreSQL:
 * ids are random text, timestamps are ISO-8601 text (sortable), dates are YYYY-MM-DD text,
 * flags are integers 0/1.
 */
export type Flag = 0 | 1

export interface UsersTable {
  id: string
  email: string
  password_hash: string
  name: string | null
  phone: string | null
  residental_address: string | null
  is_admin: Generated<Flag>
  account_state: Generated<'active' | 'deactivated'>
  notifications_enabled: Generated<Flag>
  twofactor_enabled: Generated<Flag>
  language: Generated<'en' | 'ar'>
  /** Bumped by triggers on every write to this user's properties and bookings (migration 0002). */
  data_version: Generated<number>
  /** When the user last pressed Sync now (its per-account limit, migration 0004). */
  sync_requested_at: string | null
  /** When the account's current hour of notice mail began; null before its first (migration 0014). */
  notice_mails_since: string | null
  /** The notice mails the account had in that hour (migration 0014). */
  notice_mails_sent: Generated<number>
  /** Whether push alerts name the guest; off, as a lock screen is public (migration 0029). */
  push_guest_names: Generated<Flag>
  /** The team invitations the account sent in its current day, from `team_invitations_since` (migration 0030). */
  team_invitations_sent: Generated<number>
  team_invitations_since: Generated<string | null>
  created_at: string
  updated_at: string
}

export interface SessionsTable {
  id_hash: string
  user_id: string
  created_at: string
  expires_at: string
}

export type EmailCodePurpose = 'register' | 'login' | 'tfa-enable' | 'email-change'

export interface EmailCodesTable {
  id: string
  purpose: EmailCodePurpose
  email: string
  user_id: string | null
  code_hash: string
  attempts: Generated<number>
  expires_at: string
  created_at: string
}

/** A throttle counter: an account, or an account and a client address (migration 0011). */
export interface SignInThrottleTable {
  key: string
  failures: Generated<number>
  window_started_at: string
}

/** A client an account signed in from: `ip:<address>` or `device:<cookie hash>` (migration 0011). */
export interface TrustedSignInsTable {
  user_id: string
  client: string
  last_signed_in_at: string
}

/** The link mailed to the old address when the address changes (migration 0011). */
export interface EmailChangeCancelsTable {
  token_hash: string
  user_id: string
  old_email: string
  new_email: string
  expires_at: string
  created_at: string
}

export interface ResetTokensTable {
  token_hash: string
  user_id: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface PropertiesTable {
  id: string
  owner_id: string
  name: string
  country: string
  region: string | null
  city: string
  address: string
  description: string | null
  capacity: number
  cost_per_night: number | null
  status: Generated<'available' | 'booked' | 'maintenance'>
  export_token: string
  /** The IANA zone of the property's "today" and of its feeds' timed events (migration 0009). */
  time_zone: Generated<string>
  /** "HH:MM" in its zone (migration 0026). */
  check_in_time: Generated<string>
  check_out_time: Generated<string>
  /** Bumped by triggers on every write its export feeds are made of (migration 0021). */
  feed_version: Generated<number>
  created_at: string
  updated_at: string
}

export interface PropertyImagesTable {
  id: string
  property_id: string
  file_name: string
  thumb_name: string
  width: number
  height: number
  /** The main image's and the thumbnail's bytes on disk; null until measured (migration 0016). */
  bytes: number | null
  position: number
  created_at: string
}

export interface ExternalCalendarsTable {
  id: string
  property_id: string
  platform_name: string
  url: string
  etag: string | null
  last_modified: string | null
  content_hash: string | null
  first_synced_at: string | null
  last_synced_at: string | null
  last_error: string | null
  failure_count: Generated<number>
  /** Syncs in a row that failed a parsing budget; paused from PAUSE_AFTER_BUDGET_FAILURES on. */
  budget_failures: Generated<number>
  next_sync_at: string
  lease_until: string | null
  created_at: string
  /** Syncs that changed, cancelled or restored a stay since `churn_since` (migration 0017). */
  churn_count: Generated<number>
  churn_since: string | null
  /** The last sync that changed, cancelled or restored a stay. */
  churned_at: string | null
  /** When the link was marked unstable: its changes are not announced one by one. */
  unstable_since: string | null
  /** What the last days' feeds showed of the platform's rule settings (migration 0019). */
  rule_evidence: string | null
}

export interface BookingsTable {
  id: string
  /** The linked calendar it came from; null for a manual stay (migration 0008). */
  calendar_id: string | null
  property_id: string
  uid: string
  summary: string
  description: string | null
  location: string | null
  start_date: string
  end_date: string
  status: string
  guest_name: string
  kind: BookingKind
  platform: string
  cancelled_at: string | null
  /** The property's cost per night when the stay was first seen (migration 0005); null: none. */
  nightly_price: number | null
  /** What the feed said that could not be taken as written (migration 0006): FeedWarning JSON. */
  feed_warning: string | null
  /** A block every night of which only mirrors what Manzil served its platform (migration 0008). */
  echo: Generated<Flag>
  /**
   * A block only some nights of which mirror what Manzil served its platform: those nights, as
   * runs (`2027-01-01/2027-01-03,…`, src/domain/echoNights.ts); null when all or none do
   * (migration 0012).
   */
  echo_runs: Generated<string | null>
  /**
   * The platform's own rule a closed run of its feed is, never a stay of its own ('notice',
   * 'window' or 'preparation', src/domain/platformRules.ts); null for any other (migration 0015).
   */
  platform_rule: Generated<PlatformRule | null>
  first_seen_at: string
  updated_at: string
  /**
   * When the stay took the nights it holds now: first seen, moved, reinstated or judged anew; a
   * new summary or description leaves it (migration 0032). Null only on rows written around the
   * engines (tests' fixtures): their first sighting stands in.
   */
  taken_at: Generated<string | null>
}

/** An availability feed for one platform of a property (migration 0007). */
export interface PlatformFeedsTable {
  id: string
  property_id: string
  platform_name: string
  token: string
  created_at: string
  /** Names the runs the latest fetch of the feed was served (migration 0012); null before any. */
  served_hash: Generated<string | null>
  /** When the host said they closed the nights at risk on the platform by hand (migration 0024). */
  at_risk_acknowledged_at: Generated<string | null>
  /** When the feed's present address was first shown: created, or its token rotated (migration 0025). */
  link_since: string | null
  /** Bumped by every fetch noted and day rolled up of the feed (migration 0034). */
  fetches_version: Generated<number>
}

/** A condition of a platform's imports alarmed while it lasts (migration 0025). */
export interface ImportAlarmsTable {
  feed_id: string
  kind: ImportAlarmKind
  /** When the condition began: the nights' change, the last fetch, or the link's first showing. */
  since: string
  notification_id: string | null
  raised_at: string
}

/** Who may run a job that one process at a time runs, until when (migration 0025). */
export interface JobLeasesTable {
  name: string
  held_until: string
}

/**
 * A span of time in which a platform's fetches of its availability feed were served a night as
 * taken: from the first fetch that served it to the first that did not (null: still served).
 * Migration 0012.
 */
export interface FeedServedTable {
  feed_id: string
  /** The run's first night and the day after its last (migration 0022). */
  start_night: string
  end_night: string
  served_from: string
  served_until: string | null
}

/** The first fetch of a minute of a platform's availability feed (migration 0023). */
export interface FeedFetchesTable {
  feed_id: string
  /** `YYYY-MM-DDTHH:MM` in UTC. */
  minute: string
  fetched_at: string
  /** 200, or 304 when the platform's copy was current. */
  status: number
  /** The feed's bytes answered; 0 for a 304. */
  bytes: number
  user_agent: string
}

/** A day's fetches of a platform's availability feed, rolled up after 14 days (migration 0023). */
export interface FeedFetchDaysTable {
  feed_id: string
  day: string
  fetches: number
  not_modified: number
  bytes: number
  first_at: string
  last_at: string
  user_agent: string
}

export interface NotificationsTable {
  id: string
  user_id: string
  title: string | null
  data: string
  read_at: string | null
  created_at: string
  /** What changed (migration 0010); null for the notifications from before. */
  kind: NoticeKind | null
  /** When its mail was claimed for sending: the outbox (migration 0010). */
  mailed_at: string | null
  /** When its push was claimed for sending: the push outbox (migration 0029). */
  pushed_at: string | null
  /** The import alarm's notice this one copies to another listener (migration 0031). */
  copy_of: string | null
}

/** The server's VAPID key pair (migration 0029): one row, `id` 'vapid', base64url. */
export interface PushKeysTable {
  id: string
  public_key: string
  private_key: string
  created_at: string
}

/** A device an account gets push alerts on: a browser's push subscription (migration 0029). */
export interface PushSubscriptionsTable {
  id: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  /** The browser and the system its User-Agent named at subscribe time, for the device's label. */
  browser: string
  os: string
  created_at: string
  last_success_at: string | null
}

/** Pairs of stays whose conflict was announced (migration 0010); `first_id` < `second_id`. */
export interface AnnouncedConflictsTable {
  first_id: string
  second_id: string
  created_at: string
}

export interface AuditLogTable {
  id: string
  kind: string
  actor_id: string | null
  subject_id: string | null
  /** English; entries from before migration 0003 have only this. */
  message: string
  /** JSON of the AuditMessage: its locale key and values, read in the reader's language. */
  message_template: string | null
  data: string | null
  ip: string | null
  created_at: string
}

/** A cleaner's secret link to some of an owner's cleanings (migration 0027). */
export interface CleanerLinksTable {
  id: string
  owner_id: string
  name: string
  token: string
  email: string | null
  email_confirmed_at: string | null
  language: 'en' | 'ar'
  created_at: string
  /** The SHA-256 of the mailed link that confirms `email`; null without an address (migration 0028). */
  email_token_hash: Generated<string | null>
  /** The cleanings last told to the address, as JSON (server/turnover/cleaningChanges.ts). */
  told_cleanings: Generated<string | null>
  told_at: Generated<string | null>
  /** When a round last compared the cleanings with those told. */
  checked_at: Generated<string | null>
  /** Changes found that wait for the owner's mail budget (0 or 1). */
  changes_waiting: Generated<Flag>
}

export interface CleanerLinkPropertiesTable {
  link_id: string
  property_id: string
}

/**
 * A person asked to help with a property, invited then active (migration 0030): `user_id` once
 * accepted, `token_hash` (the mailed secret's SHA-256) only while invited.
 */
export interface PropertyMembersTable {
  id: string
  property_id: string
  user_id: string | null
  /** Lower case, as the contract's e-mail schema leaves it. */
  email: string
  role: 'cohost' | 'cleaner'
  status: 'invited' | 'active'
  invited_by: string | null
  token_hash: string | null
  invited_at: string
  expires_at: string
  accepted_at: string | null
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  email_codes: EmailCodesTable
  reset_tokens: ResetTokensTable
  sign_in_throttle: SignInThrottleTable
  trusted_sign_ins: TrustedSignInsTable
  email_change_cancels: EmailChangeCancelsTable
  properties: PropertiesTable
  property_images: PropertyImagesTable
  external_calendars: ExternalCalendarsTable
  bookings: BookingsTable
  platform_feeds: PlatformFeedsTable
  feed_served: FeedServedTable
  feed_fetches: FeedFetchesTable
  feed_fetch_days: FeedFetchDaysTable
  import_alarms: ImportAlarmsTable
  job_leases: JobLeasesTable
  notifications: NotificationsTable
  announced_conflicts: AnnouncedConflictsTable
  audit_log: AuditLogTable
  cleaner_links: CleanerLinksTable
  cleaner_link_properties: CleanerLinkPropertiesTable
  push_keys: PushKeysTable
  push_subscriptions: PushSubscriptionsTable
  property_members: PropertyMembersTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
