/**
 * Which chunk a module is built into, when not its own. The app is served over
 * HTTP/1.1, where a browser opens six connections to a host: on a phone's 85 ms round trips,
 * twenty small chunks for one screen cost more than their bytes. So the libraries every screen
 * needs are one chunk, the small pieces the sign-in screens share with the rest are another, and
 * the sign-in screens' own frame a third, which the signed-in screens never load; a screen's own
 * code still comes only with its screen. A group takes the modules it names and what they import,
 * in this order: so the shared chunk claims the pieces the sign-in frame has in common with the
 * signed-in screens before the sign-in frame's chunk is made.
 */
export const CHUNK_GROUPS: { name: string; test: RegExp }[] = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
  },
  {
    name: 'shared',
    test: /src[\\/](ui[\\/](form|icons|Logo|UserText|Spinner|lazyParts)\.tsx|ui[\\/]shell[\\/](LanguageMenu|DeferredMenu)\.tsx|routes[\\/](notify|sessionHint|useFlow|redirect|useCountdown)\.ts|routes[\\/]preloadable\.tsx|actors[\\/]api\.ts|machines[\\/](feedback|codeStep|routeMachine)\.ts)$/,
  },
  {
    // The signed-in frame with react-query and what most signed-in screens show: the dashboard
    // came in 26 chunks, each a request queued on six connections, before the profile's. Its
    // cards, property rows and range picker too, which other screens share: five requests fewer
    // on the screen a host lands on, for about 5 KB more on the others.
    name: 'frame',
    test: /(node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](?!queriesObserver|useQueries)|src[\\/](routes[\\/](SignedInApp|AppShell|notifications|session|guards|bookingKeys|QueryStatus|SyncNowButton|useGlobalSearch|prefetched|properties[\\/](propertyList|usePropertyDialogs)|dashboard[\\/]statisticsKeys)|ui[\\/](format|PageHeader|Badge|appIcons|LoadingPlaceholder|dashboard[\\/](StatCard|statIcons)|integration[\\/]PlatformLogo|property[\\/](PropertyCard|SyncStatus)|statistics[\\/]DateRangePicker)|domain[\\/](dates|bookings|statistics|address))\.tsx?$)/,
  },
  {
    // The calendar's month, its stay lists and what reads stays (zones, platforms, feeds): the
    // calendar came in ten chunks, and the dashboard's lower sections in nine.
    name: 'calendar',
    test: /(node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](queriesObserver|useQueries)|src[\\/](routes[\\/]bookings|ui[\\/](relativeTime|calendar[\\/](badges|MonthNavigator|calendarDays|bookingLabels|MonthGrid|MonthCalendar|StayListCard))|domain[\\/](stayLabels|timeZones|manualStays|platforms|icalendar|feedWarnings|stayColors)|actors[\\/]calendarFeed)\.tsx?$)/,
  },
  {
    // The sign-in screen with them: the screen most visits start on, whose four small chunks
    // otherwise queue behind the libraries on six connections (about 0.4 s throttled).
    name: 'auth',
    test: /src[\\/](ui[\\/]auth[\\/](AuthLayout|Splash|LoginView|LazyMailedCodeStep)\.tsx|routes[\\/]LoginRoute\.tsx|machines[\\/]login\.ts)$/,
  },
]
