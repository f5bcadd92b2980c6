/**
 * Which chunk a module is built into, when not its own. The app is served over
 * HTTP/1.1, where a browser opens six connections to a host: on a phone's 85 ms round trips,
 * twenty small chunks for one screen cost more than their bytes. So the libraries every screen
 * needs are one chunk, the small pieces the sign-in screens share with the rest are another, and
 * the sign-in screens' own frame a third, which the signed-in screens never load; a screen's own
 * code still comes only with its screen.
 *
 * A group names folders (docs/architecture.md, "The browser's folders"): it takes every module
 * under them and what those import, in this order, so the shared chunk claims what the sign-in
 * frame has in common with the signed-in screens before the sign-in frame's chunk is made. A
 * module both the sign-in screen and the signed-in frame import belongs in a folder of `shared`,
 * or /login loads the frame's chunk. A folder no group names goes with the screens that import it.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

type Group = { name: string; folders?: string[]; packages?: RegExp }

const GROUPS: Group[] = [
  {
    name: 'vendor',
    packages:
      /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
  },
  {
    // The API client, running a flow, toasts, lazy parts, the form controls and the language menu.
    name: 'shared',
    folders: ['src/actors/', 'src/common/', 'src/machines/parts/', 'src/ui/common/'],
  },
  {
    // The signed-in frame with react-query and what most signed-in screens show: the dashboard
    // came in 26 chunks, each a request queued on six connections, before the profile's. Its
    // cards, property rows and range picker too, which other screens share: five requests fewer
    // on the screen a host lands on, for about 5 KB more on the others.
    name: 'frame',
    packages:
      /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](?!queriesObserver|useQueries)/,
    folders: [
      'src/frame/',
      'src/features/bookings/',
      'src/features/notifications/',
      'src/features/properties/',
      'src/features/statistics/',
      'src/features/sync/',
      'src/ui/frame/',
      // The platform table: the dashboard's integration cards read it as the calendar does, and
      // the dashboard must not load the calendar's chunk for it.
      'src/domain/platforms.ts',
      // The property pages' dialogs, which the dashboard opens too; the dialogs load when opened.
      'src/routes/properties/usePropertyDialogs.tsx',
    ],
  },
  {
    // The calendar's month, its stay lists and what reads stays (zones, platforms, feeds): the
    // calendar came in ten chunks, and the dashboard's lower sections in nine.
    name: 'calendar',
    packages:
      /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](queriesObserver|useQueries)/,
    folders: ['src/features/calendar/', 'src/ui/calendar/month/'],
  },
  {
    // The sign-in screen with its views and flow: the screen most visits start on, whose four
    // small chunks otherwise queue behind the libraries on six connections (about 0.4 s throttled).
    name: 'auth',
    folders: ['src/routes/login/'],
  },
]

/** The repository's folder, with forward slashes, as module ids begin. */
const root = `${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..').replaceAll('\\', '/')}/`

/** Whether the module `id` (an absolute path, or a virtual id) is one a group claims. */
const claims =
  ({ folders = [], packages }: Group) =>
  (id: string) => {
    const file = id.replaceAll('\\', '/')
    return (packages?.test(file) ?? false) || folders.some((folder) => file.startsWith(`${root}${folder}`))
  }

export const CHUNK_GROUPS: { name: string; test: (id: string) => boolean }[] = GROUPS.map((group) => ({
  name: group.name,
  test: claims(group),
}))
