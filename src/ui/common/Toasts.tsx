import { Toaster } from 'react-hot-toast'

/**
 * Toasts last 4 s (errors and plain) and 2 s (successes), at most 20: react-hot-toast's defaults
 * (docs/product.md §8.2). They come out below the offline banner and the signed-in top bar
 * (src/index.css), never over their buttons.
 */
export default function Toasts() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{ className: 'text-sm' }}
      containerStyle={{ zIndex: 60, top: 'calc(16px + var(--offline-bar) + var(--top-bar))' }}
    />
  )
}
