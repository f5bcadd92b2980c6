import type { FastifyInstance } from 'fastify'

/** The origin a listening app answers on. */
export function originOf(app: FastifyInstance): string {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port')
  return `http://127.0.0.1:${address.port}`
}

export type EventFrame = { event?: string; data?: string; comment?: string }

/** One frame of text/event-stream: its `event:`, joined `data:` lines, or its `:` comment. */
function parseFrame(text: string): EventFrame {
  const frame: EventFrame = {}
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim()
    else if (line.startsWith('event:')) frame.event = line.slice(6).trim()
    else if (line.startsWith('data:'))
      frame.data = frame.data === undefined ? line.slice(5).trim() : `${frame.data}\n${line.slice(5).trim()}`
  }
  return frame
}

/** Opens an event stream the way a browser's EventSource would, with a session cookie. */
export async function openEventStream(url: string, cookie?: string) {
  const abort = new AbortController()
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  })
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    response,
    /** The next frame, `null` once the server ended the stream; fails after `timeoutMs`. */
    async next(timeoutMs = 5000): Promise<EventFrame | null> {
      if (!reader) return null
      const deadline = Date.now() + timeoutMs
      while (!buffer.includes('\n\n')) {
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no event in time')), Math.max(0, deadline - Date.now()))
        })
        const chunk = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer))
        if (chunk.done) return null
        buffer += chunk.value
      }
      const end = buffer.indexOf('\n\n')
      const frame = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      return parseFrame(frame)
    },
    close: () => abort.abort(),
  }
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>
