/**
 * `npm run demo`: the product as `npm start` runs it, on its own data folder (DEMO_DATA_DIR,
 * default ./data-demo, wiped at every start), with a demo host and admin, three properties with
 * generated photos, and Airbnb, Booking.com and Vrbo feeds served from this process that hold a
 * year of stays and gain a new booking every minute or two.
 */
import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { localToday } from '../src/domain/dates.ts'
import { issueCode } from '../server/auth/codes.ts'
import { SESSION_COOKIE } from '../server/auth/session.ts'
import { ConfigError, loadConfig } from '../server/config.ts'
import type { Property } from '../contract/property.ts'
import { serve } from '../server/serve.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../tests/fixtures/feedServer.ts'
import {
  DEMO_ADMIN,
  DEMO_HOST,
  DEMO_PROPERTIES,
  mathRandom,
  nextBooking,
  stayHistory,
  type DemoPlatform,
  type DemoProperty,
  type DemoStay,
} from './demoData.ts'
import { demoPhoto } from './demoPhotos.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Left in the data folder, so the demo only ever wipes a folder it made itself. */
const MARKER = '.manzil-demo'
const FIRST_BOOKING_MS = 20_000
const NEXT_BOOKING_MS = { min: 60_000, max: 120_000 }

function freshDataDir(dir: string) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0 && !fs.existsSync(path.join(dir, MARKER))) {
    throw new ConfigError(`${dir} is not empty and was not made by the demo; choose another DEMO_DATA_DIR`)
  }
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, MARKER), 'Made by npm run demo; wiped at its next start.\n')
}

/** `npm start` builds first; the demo does the same when there is no build yet. */
function ensureBuild() {
  if (fs.existsSync(path.join(root, 'dist', 'index.html'))) return
  console.log('Building the app (first run only)…')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

/** A property of the demo, the stays its feeds hold and its link per platform. */
type Listing = {
  property: DemoProperty
  stays: DemoStay[]
  calendars: Map<DemoPlatform, { id: string; route: string }>
}

const routeOf = (index: number, platform: DemoPlatform) =>
  `/${platform.toLowerCase().replace(/\W/g, '')}/listing-${index + 1}.ics`

/** Registers the host through the real route, with a code issued as the mailed one would be. */
async function signUpHost(app: FastifyInstance): Promise<string> {
  const code = await issueCode(app.db, { purpose: 'register', email: DEMO_HOST.email })
  const { email, password, name } = DEMO_HOST
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, code },
  })
  const session = registered.cookies.find((cookie) => cookie.name === SESSION_COOKIE)
  if (registered.statusCode !== 200 || !session) throw new Error(`demo host: ${registered.body}`)
  const cookie = `${SESSION_COOKIE}=${session.value}`
  await app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    headers: { cookie },
    payload: { name, phone: '+966 55 012 3456', residentalAddress: 'Saudi Arabia Makkah Jeddah' },
  })
  return cookie
}

/** Adds a property with its photos and platform links through POST /api/property, as the browser does. */
async function addProperty(
  app: FastifyInstance,
  cookie: string,
  property: DemoProperty,
  links: { platformName: string; urlPath: string }[],
): Promise<Property> {
  const form = new FormData()
  for (const [name, value] of Object.entries(property.fields)) form.append(name, value)
  form.append('externalCalendars', JSON.stringify(links))
  for (const view of ['outside', 'room'] as const) {
    const photo = new Blob([new Uint8Array(await demoPhoto(property.theme, view))], { type: 'image/jpeg' })
    form.append('images', photo, `${view}.jpg`)
  }
  const response = await app.inject({
    method: 'POST',
    url: '/api/property',
    headers: { cookie },
    payload: form,
  })
  if (response.statusCode !== 201) throw new Error(`demo property: ${response.body}`)
  return response.json()
}

/** Serves each property's year of stays, one feed per platform, and links the feeds to it. */
async function seed(app: FastifyInstance, feeds: FeedServer): Promise<Listing[]> {
  const cookie = await signUpHost(app)
  const today = localToday()
  const listings: Listing[] = []
  for (const [index, property] of DEMO_PROPERTIES.entries()) {
    // Airbnb and Booking.com sold the same nights at the first property: a conflict to show.
    const stays = stayHistory(property, today, { conflict: index === 0 })
    for (const platform of property.platforms) {
      feeds.serve(routeOf(index, platform), calendarOf(stays.filter((stay) => stay.platform === platform)))
    }
    const links = property.platforms.map((platform) => ({
      platformName: platform,
      urlPath: feeds.url(routeOf(index, platform)),
    }))
    const created = await addProperty(app, cookie, property, links)
    const calendars = new Map(
      property.platforms.map((platform) => {
        const calendar = created.externalCalendars.find((linked) => linked.platformName === platform)
        if (!calendar) throw new Error(`demo property: no ${platform} link`)
        return [platform, { id: calendar.id, route: routeOf(index, platform) }]
      }),
    )
    listings.push({ property, stays, calendars })
  }
  // Adding the links started their first import; wait for it so the host sees a full dashboard.
  await app.syncCalendarsNow(
    listings.flatMap((listing) => [...listing.calendars.values()].map(({ id }) => id)),
  )
  return listings
}

/**
 * Every minute or two one of the feeds gains a reservation. The scheduler would find it within
 * a minute (SYNC_INTERVAL_MINUTES=1); syncing it at once makes the live notification immediate.
 */
function keepBooking(app: FastifyInstance, feeds: FeedServer, listings: Listing[]) {
  const next = (delay: number) => setTimeout(() => void addBooking(), delay)
  async function addBooking() {
    const listing = listings[mathRandom(listings.length)]!
    const stay = nextBooking(listing.property, listing.stays, localToday())
    const calendar = stay && listing.calendars.get(stay.platform)
    if (stay && calendar) {
      listing.stays.push(stay)
      feeds.addEvent(calendar.route, stay)
      await app.syncCalendarsNow([calendar.id])
      console.log(
        `  + ${stay.platform}: ${stay.summary} at ${listing.property.fields.name}, ${stay.start} → ${stay.end}`,
      )
    }
    next(NEXT_BOOKING_MS.min + mathRandom(NEXT_BOOKING_MS.max - NEXT_BOOKING_MS.min))
  }
  next(FIRST_BOOKING_MS)
}

function printWelcome(url: string, dataDir: string) {
  const lines = [
    `Manzil demo is running at ${url}`,
    '',
    `Host:   ${DEMO_HOST.email}   password ${DEMO_HOST.password}`,
    `Admin:  ${DEMO_ADMIN.email}   password ${DEMO_ADMIN.password}`,
    '',
    `Data:   ${dataDir} (wiped at the next npm run demo)`,
    'A new booking arrives every minute or two; Ctrl+C stops the demo.',
  ]
  const width = Math.max(...lines.map((line) => line.length)) + 4
  console.log(`\n┌${'─'.repeat(width)}┐`)
  for (const line of lines) console.log(`│  ${line.padEnd(width - 2)}│`)
  console.log(`└${'─'.repeat(width)}┘\n`)
}

async function main() {
  const dataDir = path.resolve(process.env.DEMO_DATA_DIR || path.join(root, 'data-demo'))
  freshDataDir(dataDir)
  ensureBuild()
  const feeds = await startFeedServer()
  const config = loadConfig(
    {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      SYNC_ALLOW_HOSTS: new URL(feeds.origin).hostname,
      SYNC_INTERVAL_MINUTES: '1',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    },
    { stdoutIsTerminal: process.stdout.isTTY === true },
  )
  const app = await serve(config)
  const listings = await seed(app, feeds)
  printWelcome(config.publicUrl, dataDir)
  keepBooking(app, feeds, listings)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Demo: ${error.message}` : error)
  process.exit(1)
})
