import { z } from 'zod'

/**
 * SPEC 3: what a notification carries. `ical` is a VCALENDAR of the new bookings' VEVENTs;
 * `conflict` is true when one of them shares nights with a booking from another platform.
 */
export const NotificationData = z.object({
  ical: z.string(),
  platformName: z.string(),
  propertyName: z.string(),
  conflict: z.boolean().optional(),
})
export type NotificationData = z.infer<typeof NotificationData>

export const Notification = z.object({
  id: z.string(),
  title: z.string().nullable(),
  data: NotificationData,
  readAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof Notification>

/** DESIGN 5: the `data` of the stream's `notification` event. */
export type StreamNotification = NotificationData & { id: string; title: string | null; createdAt: string }

export const NotificationParams = z.object({ id: z.string().max(64) })
