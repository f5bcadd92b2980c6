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
  export type Request = { method?: string; path?: string; headers?: Record<string, string> }
  export type Options = {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: string
    /** Each request is built anew through `setupRequest` when one is given. */
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>
  }
  export default function autocannon(options: Options): Promise<Result>
}

// Internal, replaced by bench/api.ts (see there): the queue that collects each response's body.
declare module 'autocannon/lib/pipelinedRequestsQueue.js' {
  export default class PipelinedRequestsQueue {
    addBody(data: Buffer): void
  }
}
