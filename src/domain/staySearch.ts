/** The shortest and longest text a stay search takes (shorter would match most stays). */
export const STAY_SEARCH_MIN = 2
export const STAY_SEARCH_MAX = 60
