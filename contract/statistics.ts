import { z } from 'zod'

const Change = z.object({ current: z.number(), percentDiffLastMonth: z.number() })

/** The dashboard statistics (docs/product.md §3.5); rates and differences are percentages. */
export const DashboardStatistics = z.object({
  monthlyRevenue: Change,
  propertyCount: z.object({ total: z.number(), thisMonthIncrease: z.number() }),
  platformConnections: z.number(),
  /** Of the platform connections, those neither failing nor paused. */
  syncingConnections: z.number(),
  occupancyRate: Change,
  activeBookings: z.object({ prevWeek: z.number(), currWeek: z.number() }),
})
export type DashboardStatistics = z.infer<typeof DashboardStatistics>

export const MonthlyStatistics = z.array(
  z.object({ month: z.string(), revenue: z.number(), occupancyRate: z.number() }),
)
export type MonthlyFigures = z.infer<typeof MonthlyStatistics>[number]

/** The five figures of one property for a window (docs/product.md §3.5). */
export const PeriodStatistics = z.object({
  revenue: z.number(),
  occupancyRate: z.number(),
  bookedNights: z.number(),
  bookings: z.number(),
  averageNightlyRate: z.number(),
})
export type PeriodStatistics = z.infer<typeof PeriodStatistics>

/** The shape only; the server's `periodOf` applies the rules with messages in the reader's language. */
export const PeriodQuery = z.object({
  start: z.string().max(32).optional(),
  end: z.string().max(32).optional(),
})
export type PeriodQuery = z.infer<typeof PeriodQuery>
