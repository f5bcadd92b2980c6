import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './routes/App.tsx'
import { connectInspector } from './routes/useFlow.ts'
import { registerServiceWorker } from './pwa/appUpdates.ts'
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
void connectInspector().finally(render)
registerServiceWorker()
