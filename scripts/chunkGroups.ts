/**
 * Which chunk a module is built into, when not its own. The app is served over
 * HTTP/1.1, where a browser opens six connections to a host: on a phone's 85 ms round trips,
 * twenty small chunks for one screen cost more than their bytes. So the libraries every screen
 * needs are one chunk, the small pieces the sign-in screen shares with the signed-in frame are
 * another, and the sign-in screen and the signed-in frame each a third, which the other never
 * loads; a screen's own code still comes only with its screen.
 *
 * A group is named by the screens that load it (scripts/firstScreens.ts), not by folders
 * (docs/decisions.md, "The chunk map follows the screens' imports"): the build reads its module
 * graph and puts a module in a group by which first screens import it, statically, however deep.
 * So a file may live in its feature's folder, and moving it changes no page's load. Groups are
 * tried in this order; a module no group takes goes with the screens that import it.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'
import { PATHS } from '../src/domain/paths.ts'
import { FIRST_SCREENS, SIGNED_IN_FRAME } from './firstScreens.ts'

type ModuleInfo = NonNullable<ReturnType<Rolldown.GetModuleInfo>>
type Graph = { getModuleInfo: (id: string) => ModuleInfo | null }
/** The modules each set of screens imports statically, worked out once per build. */
type Reach = {
  everyPage: Set<string>
  signIn: Set<string>
  signedInFrame: Set<string>
  calendar: Set<string>
  dashboardLater: Set<string>
}

/** The repository's folder, with forward slashes, as module ids begin. */
const root = `${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..').replaceAll('\\', '/')}/`

/** The entry index.html loads: what it imports comes with it, on every page. */
const ENTRY = 'src/main.tsx'

const screenModules = (name: string) => {
  const screen = FIRST_SCREENS.find((candidate) => candidate.name === name)
  if (!screen) throw new Error(`scripts/firstScreens.ts has no screen ${name}`)
  return screen.modules
}

function moduleInfo(graph: Graph, file: string): ModuleInfo {
  const info = graph.getModuleInfo(`${root}${file}`)
  // A screen's module that has moved must fail the build, not quietly empty its group.
  if (!info) throw new Error(`scripts/chunkGroups.ts: the build has no module ${file}`)
  return info
}

/** Every module `from` imports statically, however deep, with `from` themselves. */
function staticClosure(graph: Graph, from: Iterable<string>): Set<string> {
  const seen = new Set<string>()
  const pending = [...from]
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/** What the modules in `loaded` import lazily: the parts a page fetches after its first paint. */
const lazyImports = (graph: Graph, loaded: Set<string>) =>
  [...loaded].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [])

/**
 * The graph's objects are new in each build (one process may build more than once, as
 * bench:bundle does), so what was worked out is kept against that build's entry module.
 */
const reachOfBuild = new WeakMap<ModuleInfo, Reach>()

function reachOf(graph: Graph): Reach {
  const key = moduleInfo(graph, ENTRY)
  const known = reachOfBuild.get(key)
  if (known) return known
  const ids = (files: string[]) => files.map((file) => moduleInfo(graph, file).id)
  const dashboard = screenModules(PATHS.dashboard)
  const signedInFrame = staticClosure(graph, ids([...SIGNED_IN_FRAME, ...dashboard]))
  // What the dashboard screen imports without the frame: its lazy imports are its own parts that
  // load after its first paint, where the frame's are the other screens.
  const dashboardOwn = staticClosure(graph, ids(dashboard.filter((file) => !SIGNED_IN_FRAME.includes(file))))
  const reach = {
    everyPage: staticClosure(graph, ids([ENTRY])),
    signIn: staticClosure(graph, ids(screenModules(PATHS.login))),
    signedInFrame,
    calendar: staticClosure(graph, ids(screenModules(PATHS.calendar))),
    dashboardLater: staticClosure(graph, lazyImports(graph, dashboardOwn)),
  }
  reachOfBuild.set(key, reach)
  return reach
}

type Group = { name: string; takes: (id: string, reach: Reach) => boolean }

const GROUPS: Group[] = [
  {
    name: 'vendor',
    takes: (id) =>
      /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/.test(
        id,
      ),
  },
  {
    // What the entry imports, and what the sign-in screen has in common with the signed-in screens
    // (the API client, running a flow, toasts, the form controls and the language menu), or
    // /login would load their chunks.
    name: 'shared',
    takes: (id, { everyPage, signIn, signedInFrame, calendar }) =>
      everyPage.has(id) || (signIn.has(id) && (signedInFrame.has(id) || calendar.has(id))),
  },
  {
    // The sign-in screen with its views and flow: the screen most visits start on, whose four
    // small chunks otherwise queue behind the libraries on six connections (about 0.4 s throttled).
    name: 'auth',
    takes: (id, { signIn }) => signIn.has(id),
  },
  {
    // The signed-in frame with react-query and the dashboard, the screen a host lands on: it came
    // in 26 chunks, each a request queued on six connections, before the profile's.
    name: 'frame',
    takes: (id, { signedInFrame }) => signedInFrame.has(id),
  },
  {
    // The calendar's month, its stay lists and what reads stays, which the dashboard's lower
    // sections show too: the calendar came in ten chunks, and the dashboard's lower sections in nine.
    name: 'calendar',
    takes: (id, { calendar, dashboardLater }) => calendar.has(id) && dashboardLater.has(id),
  },
]

export const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = GROUPS.map(({ name, takes }) => ({
  debugName: name,
  name: (id, graph) => (takes(id, reachOf(graph)) ? name : null),
}))
