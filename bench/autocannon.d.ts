// autocannon ships no types; this is the part of its programmatic API the benchmarks use.
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number }
  export type Result = {
    latency: Histogram
    requests: Histogram & { total: number }
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  export type Options = {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: string
  }
  export default function autocannon(options: Options): Promise<Result>
}
