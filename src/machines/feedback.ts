/**
 * What a machine tells the person: a locale key, and the server's own (already localised)
 * message when there is one, which wins over the key (SPEC 8); `params` fill the key's text.
 */
export type Feedback = { key: string; detail?: string; params?: Record<string, string | number> }

export const failureFrom = (key: string, error: unknown): Feedback => {
  const detail = error instanceof Error && error.message ? error.message : undefined
  return detail ? { key, detail } : { key }
}

/** The toast a machine asks for; the route provides the real `notify` action. */
export type Notice = { kind: 'success' | 'error'; feedback: Feedback }
