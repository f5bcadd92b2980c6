/**
 * The clients of `bench/sse.ts`, in a process of their own so that reading 5,000 streams does not
 * share an event loop with the server measured. IPC:
 *   `{ open: Stream[] }`  opens them (a few hundred connecting at a time) and answers `{ opened }`
 *                         once every one has had its `: connected`;
 *   every `event: notification` is reported as `{ frame: { stream, id, at } }`, `at` in the
 *                         clock both processes share (performance.timeOrigin + now);
 *   `{ close: true }`     ends every stream and answers `{ closed: true }`.
 */
import http from 'node:http'

export type Stream = { url: string; cookie?: string }
export type Frame = { stream: number; id: string; at: number }
type Command = { open: Stream[] } | { close: true }

const CONNECTING_AT_ONCE = 200
const now = () => performance.timeOrigin + performance.now()

const requests: http.ClientRequest[] = []

function open(stream: Stream, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      stream.url,
      {
        agent: false,
        headers: { accept: 'text/event-stream', ...(stream.cookie ? { cookie: stream.cookie } : {}) },
      },
      (response) => {
        if (response.statusCode !== 200)
          return reject(new Error(`stream ${index}: HTTP ${response.statusCode}`))
        response.setEncoding('utf8')
        let buffer = ''
        let connected = false
        response.on('data', (chunk: string) => {
          const at = now()
          buffer += chunk
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            if (frame.startsWith(': connected') && !connected) {
              connected = true
              resolve()
            } else if (frame.startsWith('event: notification\n')) {
              const data = frame.split('\n').find((line) => line.startsWith('data: '))
              const { id } = JSON.parse(data?.slice('data: '.length) ?? '{}') as { id: string }
              process.send?.({ frame: { stream: index, id, at } satisfies Frame })
            }
          }
        })
      },
    )
    request.on('error', reject)
    requests.push(request)
  })
}

async function openAll(streams: Stream[]) {
  let next = 0
  const connector = async () => {
    while (next < streams.length) {
      const index = next++
      await open(streams[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, connector))
}

process.on('message', (command: Command) => {
  if ('open' in command)
    openAll(command.open).then(
      () => process.send?.({ opened: command.open.length }),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  else {
    for (const request of requests.splice(0)) request.destroy()
    process.send?.({ closed: true })
  }
})
process.on('disconnect', () => process.exit(0))
