import { useCallback, useState } from 'react'

const KEY = 'manzil.sidebarCollapsed'

/** The desktop sidebar's width choice, remembered across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(KEY) === '1'
    } catch {
      return false
    }
  })
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      try {
        localStorage.setItem(KEY, current ? '0' : '1')
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return !current
    })
  }, [])
  return [collapsed, toggle]
}
