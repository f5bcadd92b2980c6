/**
 * Issue 17: which chunk a module is built into, when not its own. The app is served over
 * HTTP/1.1, where a browser opens six connections to a host: on a phone's 85 ms round trips,
 * twenty small chunks for one screen cost more than their bytes. So the libraries every screen
 * needs are one chunk, and so are the small pieces the sign-in screens share with the rest; a
 * screen's own code still comes only with its screen.
 */
const GROUPS: { name: string; test: RegExp }[] = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
  },
  {
    name: 'shared',
    test: /src[\\/](ui[\\/](form|icons|Logo|UserText|Spinner|lazyParts)\.tsx|ui[\\/]auth[\\/](AuthLayout|Splash)\.tsx|ui[\\/]shell[\\/](LanguageMenu|DeferredMenu)\.tsx|routes[\\/](notify|useCountdown)\.ts|actors[\\/]api\.ts|machines[\\/]feedback\.ts)$/,
  },
]

export const chunkGroupOf = (moduleId: string): string | null =>
  GROUPS.find((group) => group.test.test(moduleId))?.name ?? null
