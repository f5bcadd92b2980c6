import { FALLBACK_TIME_ZONE } from './timeZones.ts'

/**
 * A new property's time zone from the country its host types. Apart from
 * timeZones.ts because only the property forms and the server need this table, and a phone
 * should not download it with the dashboard.
 */

/** The countries hosts use, in the spellings they type; matched case-insensitively. */
const COUNTRY_ZONES: readonly (readonly [zone: string, names: readonly string[]])[] = [
  [
    'Asia/Riyadh',
    [
      'Saudi',
      'Saudi Arabia',
      'Kingdom of Saudi Arabia',
      'KSA',
      'SA',
      'السعودية',
      'السعوديه',
      'المملكة العربية السعودية',
      'المملكة',
    ],
  ],
  [
    'Asia/Dubai',
    ['UAE', 'U.A.E', 'United Arab Emirates', 'Emirates', 'AE', 'الإمارات', 'الإمارات العربية المتحدة'],
  ],
  ['Asia/Qatar', ['Qatar', 'QA', 'قطر']],
  ['Asia/Kuwait', ['Kuwait', 'KW', 'الكويت']],
  ['Asia/Bahrain', ['Bahrain', 'BH', 'البحرين']],
  ['Asia/Muscat', ['Oman', 'Sultanate of Oman', 'OM', 'عمان', 'عُمان', 'سلطنة عمان']],
  ['Africa/Cairo', ['Egypt', 'EG', 'مصر']],
  ['Asia/Amman', ['Jordan', 'JO', 'الأردن']],
  ['Asia/Beirut', ['Lebanon', 'LB', 'لبنان']],
  ['Asia/Baghdad', ['Iraq', 'IQ', 'العراق']],
  ['Africa/Casablanca', ['Morocco', 'MA', 'المغرب']],
  ['Africa/Tunis', ['Tunisia', 'TN', 'تونس']],
  ['Africa/Algiers', ['Algeria', 'DZ', 'الجزائر']],
  ['Europe/Istanbul', ['Turkey', 'Türkiye', 'Turkiye', 'TR', 'تركيا']],
  [
    'Europe/London',
    [
      'UK',
      'U.K',
      'United Kingdom',
      'GB',
      'Great Britain',
      'Britain',
      'England',
      'Scotland',
      'Wales',
      'المملكة المتحدة',
      'بريطانيا',
    ],
  ],
  ['Europe/Paris', ['France', 'FR', 'فرنسا']],
  ['Europe/Madrid', ['Spain', 'España', 'ES', 'إسبانيا']],
  ['Europe/Rome', ['Italy', 'Italia', 'IT', 'إيطاليا']],
  ['Europe/Berlin', ['Germany', 'Deutschland', 'DE', 'ألمانيا']],
  ['Europe/Lisbon', ['Portugal', 'PT', 'البرتغال']],
  ['Europe/Athens', ['Greece', 'GR', 'اليونان']],
  ['Europe/Amsterdam', ['Netherlands', 'Holland', 'NL', 'هولندا']],
  ['Europe/Zurich', ['Switzerland', 'CH', 'سويسرا']],
  ['Europe/Vienna', ['Austria', 'AT', 'النمسا']],
  ['Asia/Kuala_Lumpur', ['Malaysia', 'MY', 'ماليزيا']],
  ['Asia/Jakarta', ['Indonesia', 'ID', 'إندونيسيا']],
  ['Asia/Bangkok', ['Thailand', 'TH', 'تايلاند']],
  ['Indian/Maldives', ['Maldives', 'MV', 'المالديف', 'جزر المالديف']],
  ['Asia/Baku', ['Azerbaijan', 'AZ', 'أذربيجان']],
  ['Asia/Karachi', ['Pakistan', 'PK', 'باكستان']],
  [
    'America/New_York',
    [
      'USA',
      'U.S.A',
      'US',
      'U.S',
      'United States',
      'United States of America',
      'America',
      'الولايات المتحدة',
      'الولايات المتحدة الأمريكية',
      'أمريكا',
    ],
  ],
  ['America/Toronto', ['Canada', 'كندا']],
]

/**
 * One spelling for every way a country is typed: case, dots ("U.K."), spaces, Arabic
 * diacritics and tatweel, and the alef and ya variants people type interchangeably.
 */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[.,،]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ')
}

const ZONE_OF_COUNTRY = new Map<string, string>(
  COUNTRY_ZONES.flatMap(([zone, names]) => names.map((name) => [normalise(name), zone] as const)),
)

const LONGEST_NAME = Math.max(...[...ZONE_OF_COUNTRY.keys()].map((name) => name.split(' ').length))

/**
 * The zone of the country a text starts with, or null: "Saudi Arabia" or the whole address
 * field ("Saudi Riyadh Olaya …", "United Arab Emirates Dubai …"), the longest known name first.
 */
export function timeZoneOfCountry(text: string): string | null {
  const words = normalise(text).split(' ')
  for (let count = Math.min(LONGEST_NAME, words.length); count > 0; count--) {
    const zone = ZONE_OF_COUNTRY.get(words.slice(0, count).join(' '))
    if (zone) return zone
  }
  return null
}

/** A new property's zone: its country's, else UTC. */
export const defaultTimeZone = (countryOrAddress: string): string =>
  timeZoneOfCountry(countryOrAddress) ?? FALLBACK_TIME_ZONE
