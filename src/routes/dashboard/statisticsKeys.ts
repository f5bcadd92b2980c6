/** The dashboard's figures in the query cache, apart from their section so others can refresh them. */
export const DASHBOARD_STATISTICS_KEY = ['dashboard', 'statistics'] as const
export const MONTHLY_STATISTICS_KEY = ['dashboard', 'statistics', 'monthly'] as const
