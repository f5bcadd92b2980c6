import { Toaster } from 'react-hot-toast'

/** SPEC 9: toasts last 4 s (errors and plain) and 2 s (successes); react-hot-toast's defaults. */
export default function Toasts() {
  return (
    <Toaster position="top-center" toastOptions={{ className: 'text-sm' }} containerStyle={{ zIndex: 60 }} />
  )
}
