import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, preloadFirstScreen } from './routes/App.tsx'
import { connectInspector } from './routes/useFlow.ts'
import { registerServiceWorker } from './pwa/appUpdates.ts'
import './fonts.ts'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
// The inspector, when asked for in development, must be there before the first flow starts.
// Issue 17: the first screen's words and code (already on their way, asked for by index.html)
// are awaited too, so the first render draws the screen; if one fails, the app loads it itself
// as it would any other.
void Promise.allSettled([connectInspector(), preloadFirstScreen(window.location)]).finally(render)
registerServiceWorker()
