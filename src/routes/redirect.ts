/** The page a signed-out person wanted (`?next=`), if it is one of ours; else the dashboard. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next')
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard'
}
