import type { z } from 'zod'
import type { ParamsOf, Route } from './paths.ts'

/**
 * What an endpoint takes and answers, as Fastify reads a route's schema: the zod schemas it
 * validates requests with and serialises answers with, by status.
 */
export type Schema = {
  params?: z.ZodType
  querystring?: z.ZodType
  body?: z.ZodType
  response?: Partial<Record<number, z.ZodType>>
  /** A body read by the route itself (multipart), described for the API's documentation. */
  consumes?: readonly string[]
  /** An answer that is not JSON (a calendar's text), described for the API's documentation. */
  produces?: readonly string[]
  /** Left out of the API's documentation. */
  hide?: boolean
}

export type Endpoint = Route & { readonly schema: Schema }

/**
 * An area's endpoints: each route of `apiPaths` with its schema, in the shape Fastify's `route`
 * takes (`app.route({ ...userApi.profile, handler })`). Every route of the area needs one.
 */
export function endpoints<
  Routes extends Record<string, Route>,
  Schemas extends { [Name in keyof Routes]: Schema },
>(routes: Routes, schemas: Schemas): { [Name in keyof Routes]: Routes[Name] & { schema: Schemas[Name] } } {
  return Object.fromEntries(
    Object.entries(routes).map(([name, route]) => [name, { ...route, schema: schemas[name] }]),
  ) as { [Name in keyof Routes]: Routes[Name] & { schema: Schemas[Name] } }
}

type SchemaOf<E extends Endpoint, Part extends keyof Schema> = E['schema'][Part]

/** The answer of a success: the body of its 200 or 201 (unknown for an empty 204). */
export type ResponseOf<E extends Endpoint> =
  SchemaOf<E, 'response'> extends infer Responses
    ? Responses extends { 200: z.ZodType }
      ? z.output<Responses[200]>
      : Responses extends { 201: z.ZodType }
        ? z.output<Responses[201]>
        : unknown
    : never

/** What a request sends: the JSON its body schema takes, a form for a multipart body, else nothing. */
export type BodyOf<E extends Endpoint> =
  SchemaOf<E, 'body'> extends z.ZodType
    ? z.input<SchemaOf<E, 'body'>>
    : SchemaOf<E, 'consumes'> extends readonly string[]
      ? FormData
      : undefined

/** The query string's fields, as the browser writes them. */
export type QueryOf<E extends Endpoint> =
  SchemaOf<E, 'querystring'> extends z.ZodType ? z.input<SchemaOf<E, 'querystring'>> : undefined

export type { ParamsOf }
