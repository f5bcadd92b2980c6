import type { BrowserContext } from 'playwright-core'
import { until } from '../reliability/slowHelpers.ts'

type Link = { platformName: string; urlPath: string }
type PropertyFields = { name: string; city?: string; address?: string; costPerNight?: number; links?: Link[] }

/** Adds a property through the API as the context's signed-in host; its id. */
export async function addProperty(context: BrowserContext, serverUrl: string, fields: PropertyFields) {
  const created = await context.request.post(`${serverUrl}/api/property`, {
    headers: { origin: serverUrl },
    multipart: {
      name: fields.name,
      country: 'Saudi',
      city: fields.city ?? 'Riyadh',
      address: fields.address ?? 'Al Malqa 12',
      capacity: '4',
      costPerNight: String(fields.costPerNight ?? 700),
      externalCalendars: JSON.stringify(fields.links ?? []),
    },
  })
  if (created.status() !== 201) throw new Error(`adding "${fields.name}" answered ${created.status()}`)
  return ((await created.json()) as { id: string }).id
}

/** Linking reads each feed at once, in the background: waits until every link was read or failed. */
export async function untilLinksRead(context: BrowserContext, serverUrl: string, timeoutMs = 30_000) {
  await until(async () => {
    const response = await context.request.get(`${serverUrl}/api/property/list`)
    const properties = (await response.json()) as {
      externalCalendars: { lastSyncedAt: string | null; lastError: string | null }[]
    }[]
    return properties
      .flatMap((property) => property.externalCalendars)
      .every((calendar) => calendar.lastSyncedAt || calendar.lastError)
  }, timeoutMs)
}
