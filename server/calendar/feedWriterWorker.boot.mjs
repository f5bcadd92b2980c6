// A worker thread does not inherit the TypeScript loader (tsx) of the process that starts it,
// in `npm start` or under vitest alike: it registers one of its own, then loads the worker.
import { register } from 'tsx/esm/api'

register()
await import('./feedWriterWorker.ts')
