import { useEffect, useRef, type RefObject } from 'react'

/**
 * A dialog's Escape and outside click happen outside the form it holds, which keeps
 * its own draft; the form reports through this ref whether it holds unsaved input.
 */
export const useDirtyReport = () => useRef(false)

/** The form's side: after each render, whether it holds unsaved input now. */
export function useReportDirty(reportRef: RefObject<boolean> | undefined, dirty: boolean) {
  useEffect(() => {
    if (reportRef) reportRef.current = dirty
  })
}
