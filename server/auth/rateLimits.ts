import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'
import {
  createSignInThrottle,
  type Limit,
  type SignInThrottle,
  type SignInThrottleSettings,
} from './signInThrottle.ts'

export type RateLimitSettings = {
  /** Every /auth request from one IP address, all routes together. */
  perIp: Limit
  /** Mail-sending requests per route and address, or per route and account when signed in. */
  mailPerAddress: Limit
  /** Code guesses at registration per address. */
  signInPerAddress: Limit
  /**
   * `register/send-code` per address and, separately, per IP: its 409 tells which addresses have
   * accounts (the only answer that does, docs/product.md §13.1), so it must not serve to list them.
   */
  registrationCodes: Limit
  /** Password guesses (sign-in and the sign-in code's request): per account and address, per account. */
  signIn: SignInThrottleSettings
}

/** The production figures; docs/decisions.md says why. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perIp: { max: 30, windowMs: 60_000 },
  mailPerAddress: { max: 5, windowMs: 15 * 60_000 },
  signInPerAddress: { max: 10, windowMs: 15 * 60_000 },
  registrationCodes: { max: 5, windowMs: 60 * 60_000 },
  signIn: {
    perAccountAndIp: { max: 10, windowMs: 15 * 60_000 },
    // Only a botnet's worth of guesses guards the account: the owner on a new address is no
    // stranger to ten wrong passwords from elsewhere (docs/product.md §13.2).
    perAccount: { max: 100, windowMs: 15 * 60_000 },
    delay: { freeFailures: 3, baseMs: 250, maxMs: 2000 },
  },
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

export type RateLimiters = {
  perIp: Hook
  mailPerAddress: Hook
  mailPerAccount: Hook
  signInPerAddress: Hook
  registrationCodesPerAddress: Hook
  registrationCodesPerIp: Hook
  signIn: SignInThrottle
}

// Keys name the route too, so each route has its own allowance per address.
function addressKey(request: FastifyRequest): string {
  // Validation has run: the e-mail is trimmed and lower case.
  const { email } = request.body as { email: string }
  return `${request.routeOptions.url}:${email}`
}

const accountKey = (request: FastifyRequest) => `${request.routeOptions.url}:${request.user?.id}`

/**
 * Hooks built on @fastify/rate-limit's `createRateLimit`, which counts without deciding, so one
 * route can sit behind several limits (its own hooks stop after the first). A refusal is a 429
 * `{message}` in the reader's language.
 */
export function createRateLimiters(app: FastifyInstance, settings: RateLimitSettings): RateLimiters {
  const limiter = (limit: Limit, keyOf: (request: FastifyRequest) => string): Hook => {
    const count = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: keyOf })
    return async (request, reply) => {
      const result = await count(request)
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds)
        throw new HttpError(429, 'errors.tooManyRequests')
      }
    }
  }
  return {
    perIp: limiter(settings.perIp, (request) => request.ip),
    mailPerAddress: limiter(settings.mailPerAddress, addressKey),
    mailPerAccount: limiter(settings.mailPerAddress, accountKey),
    signInPerAddress: limiter(settings.signInPerAddress, addressKey),
    registrationCodesPerAddress: limiter(settings.registrationCodes, addressKey),
    registrationCodesPerIp: limiter(settings.registrationCodes, (request) => `registration:${request.ip}`),
    signIn: createSignInThrottle(app, settings.signIn),
  }
}
