/**
 * A page's first Intl formatter, whatever its kind, loads ICU's locale and zone data.
 * Under bench:phone's 4× throttling that took 140-330 ms of the main thread, inside the first
 * render of every signed-in screen (the calendar's "today" where its properties are, the
 * dashboard's figures). That data belongs to the browser's renderer process and is shared by its
 * threads, so a worker that builds the page's formatters first leaves the page's own first ones
 * at 2-50 ms, while the page is still fetching and evaluating its code. index.html starts the
 * worker (src/boot/firstScreen.ts) and posts it the page's Intl locale; the worker's script is
 * this function's source (scripts/viteFirstScreen.ts), so it imports nothing and uses no arrow
 * functions (a bundler would wrap those in helpers the worker does not have).
 */
export function warmUpIntl() {
  self.onmessage = function warm(event: MessageEvent<string>) {
    const locale = event.data
    // A date and time in the device's own zone loads the zone data too.
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
    new Intl.NumberFormat(locale).format(0)
    self.close()
  }
}
