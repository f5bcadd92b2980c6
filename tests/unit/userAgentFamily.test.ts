import { describe, expect, it } from 'vitest'
import { userAgentFamily } from '../../server/imports/userAgentFamily.ts'

describe('a User-Agent’s family', () => {
  it.each([
    ['Airbnb Calendar Sync/1.0 (+https://www.airbnb.com)', 'Airbnb Calendar Sync'],
    ['Airbnb-Calendar-Sync/1.0 (+https://www.airbnb.com)', 'Airbnb-Calendar-Sync'],
    ['Airbnb-Calendar-Sync/1.0', 'Airbnb-Calendar-Sync'],
    ['Booking.com iCal Importer 2.3.1', 'Booking.com iCal Importer'],
    ['Vrbo', 'Vrbo'],
    ['Google-Calendar-Importer', 'Google-Calendar-Importer'],
    ['Go-http-client/1.1', 'Go-http-client'],
    ['python-requests/2.31.0', 'python-requests'],
    ['Java/1.8.0_151', 'Java'],
    ['Apache-HttpClient/4.5.13 (Java/11.0.20)', 'Apache-HttpClient'],
    ['okhttp/4.12.0', 'okhttp'],
    ['curl/8.5.0', 'curl'],
    ['iCal-Sync +https://channel.example/bot', 'iCal-Sync'],
  ])('of a plain product: %s', (userAgent, family) => {
    expect(userAgentFamily(userAgent)).toBe(family)
  })

  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    [
      'Mozilla/5.0 (compatible; Booking.com calendar sync; +https://www.booking.com)',
      'Booking.com calendar sync',
    ],
    ['Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)', 'MSIE'],
  ])('of a browser-compatible one that declares itself: %s', (userAgent, family) => {
    expect(userAgentFamily(userAgent)).toBe(family)
  })

  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
    ],
    ['Mozilla/5.0', 'Mozilla'],
  ])('of a browser: %s', (userAgent, family) => {
    expect(userAgentFamily(userAgent)).toBe(family)
  })

  it('is empty for a fetch that sent none', () => {
    expect(userAgentFamily('')).toBe('')
    expect(userAgentFamily('   ')).toBe('')
  })

  it('keeps a family short however long the product', () => {
    expect(userAgentFamily(`${'x'.repeat(150)}/1.0`)).toHaveLength(60)
  })
})
