import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, preloadFirstScreen } from './routes/App.tsx'
import { connectInspector } from './common/useFlow.ts'
import { registerServiceWorker } from './pwa/appUpdates.ts'
import { isPrerendered } from './boot/prerendered.ts'
import './fonts/faces.css'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// The sign-in screen's markup, when the build wrote it into the page, is kept and brought to life.
// Markup that differs from the app's first render is drawn again by React, and said so here: a
// build whose prerender drifted from the app must not pass unseen (tests/e2e/prerendered.e2e.ts).
const render = () =>
  isPrerendered(root)
    ? hydrateRoot(root, app, {
        onRecoverableError: (error) => console.error('The prerendered screen was drawn again:', error),
      })
    : createRoot(root).render(app)
// The inspector, when asked for in development, must be there before the first flow starts.
// The first screen's words and code (already on their way, asked for by index.html)
// are awaited too, so the first render draws the screen; if one fails, the app loads it itself
// as it would any other.
void Promise.allSettled([connectInspector(), preloadFirstScreen(window.location)]).finally(render)
registerServiceWorker()
