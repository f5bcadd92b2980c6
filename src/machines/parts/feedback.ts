/**
 * What a machine tells the person: a locale key, and the server's own (already localised)
 * message when there is one, which wins over the key (docs/product.md §8.2); `params` fill the key's text.
 * `fields` holds the server's sentence for each field it refused, for the form to show there;
 * `fieldKeys` the locale key of each field a form's own checks refused.
 */
export type Feedback = {
  key: string
  detail?: string
  params?: Record<string, string | number>
  fields?: Readonly<Record<string, string>>
  fieldKeys?: Readonly<Record<string, string>>
}

/** Machines never import the API client, so a failure's fields are read by shape. */
function fieldsOf(error: unknown): Readonly<Record<string, string>> | undefined {
  const fields = (error as { fields?: unknown } | null)?.fields
  if (typeof fields !== 'object' || fields === null || Object.keys(fields).length === 0) return undefined
  return fields as Readonly<Record<string, string>>
}

/**
 * What every call made with the browser offline says, whatever it was (docs/decisions.md, "A
 * network drop loses nothing"): the person is offline, what they entered is still there, and
 * they can try again once the network is back.
 */
export const OFFLINE_FAILURE: Feedback = { key: 'app.offlineFailure' }

/**
 * A call the server answered 404: a link revoked or replaced is gone for good, so a flow ends
 * there rather than offering to try again. Read by shape, as machines never import the API client.
 */
export const wasNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404

/** A call that got no answer with the browser offline (src/actors/http.ts, `OfflineError`). */
const wasOffline = (error: unknown) => (error as { offline?: unknown } | null)?.offline === true

/**
 * A failed call in words: the action's own key, the server's message and the fields it blamed;
 * a call made offline says only that.
 */
export const failureFrom = (key: string, error: unknown): Feedback => {
  if (wasOffline(error)) return OFFLINE_FAILURE
  const detail = error instanceof Error && error.message ? error.message : undefined
  const fields = fieldsOf(error)
  return { key, ...(detail ? { detail } : {}), ...(fields ? { fields } : {}) }
}

/** The toast a machine asks for; the route provides the real `notify` action. */
export type Notice = { kind: 'success' | 'error'; feedback: Feedback }
