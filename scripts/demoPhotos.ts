import sharp from 'sharp'
import type { Theme } from './demoData.ts'

const WIDTH = 1200
const HEIGHT = 800

const gradient = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((colour, index) => `<stop offset="${index / (stops.length - 1)}" stop-color="${colour}"/>`)
    .join('')}</linearGradient>`

const palm = (x: number, ground: number, height: number) => {
  const top = ground - height
  const leaves = [-70, -35, 0, 35, 70, 110, -110]
    .map(
      (angle) =>
        `<path d="M0 0 q50 -30 110 10 q-60 -5 -110 -10z" fill="#15803d" transform="translate(${x + 8} ${top}) rotate(${angle})"/>`,
    )
    .join('')
  return `<path d="M${x} ${ground} q14 ${-height / 2} 8 ${-height}" stroke="#7c5a3a" stroke-width="14" fill="none" stroke-linecap="round"/>${leaves}`
}

const windows = (x: number, y: number, columns: number, rows: number, colour: string) =>
  Array.from({ length: columns * rows }, (_, index) => {
    const column = index % columns
    const row = Math.floor(index / columns)
    return `<rect x="${x + column * 58}" y="${y + row * 70}" width="36" height="46" rx="4" fill="${colour}"/>`
  }).join('')

const SCENES: Record<Theme, string> = {
  sea: `
    <defs>${gradient('sky', ['#38bdf8', '#bae6fd', '#fde68a'])}${gradient('sea', ['#0ea5e9', '#0c4a6e'])}${gradient('sand', ['#fde68a', '#f5d08a'])}</defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <circle cx="880" cy="330" r="80" fill="#fff7d6" opacity="0.9"/>
    <rect y="470" width="${WIDTH}" height="330" fill="url(#sea)"/>
    ${[520, 570, 630, 700].map((y, i) => `<path d="M${80 + i * 90} ${y} q60 -14 120 0 t120 0" stroke="#e0f2fe" stroke-width="4" fill="none" opacity="0.6"/>`).join('')}
    <path d="M0 640 Q300 600 620 660 L620 800 L0 800 Z" fill="url(#sand)"/>
    <rect x="90" y="300" width="330" height="360" rx="10" fill="#f8fafc"/>
    <rect x="90" y="290" width="330" height="24" rx="6" fill="#c2410c"/>
    ${windows(120, 340, 5, 4, '#7dd3fc')}
    ${palm(500, 660, 300)}`,
  garden: `
    <defs>${gradient('sky', ['#7dd3fc', '#e0f2fe', '#fef3c7'])}${gradient('lawn', ['#4ade80', '#15803d'])}${gradient('pool', ['#67e8f9', '#0891b2'], false)}</defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <circle cx="200" cy="170" r="70" fill="#fffbeb" opacity="0.9"/>
    <rect y="560" width="${WIDTH}" height="240" fill="url(#lawn)"/>
    <rect x="330" y="300" width="560" height="270" fill="#f5e1c0"/>
    <rect x="310" y="286" width="600" height="26" rx="4" fill="#d6b88a"/>
    ${[380, 500, 620, 740].map((x) => `<path d="M${x} 560 v-110 a40 40 0 0 1 80 0 v110 z" fill="#92400e" opacity="0.85"/>`).join('')}
    <rect x="420" y="640" width="380" height="90" rx="14" fill="url(#pool)"/>
    ${palm(200, 600, 330)}${palm(1010, 600, 290)}`,
  desert: `
    <defs>${gradient('sky', ['#312e81', '#9d174d', '#f97316', '#fdba74'])}${gradient('dune', ['#f59e0b', '#b45309'])}${gradient('rock', ['#b45309', '#7c2d12'])}</defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    ${[
      [120, 90],
      [300, 60],
      [520, 120],
      [760, 70],
      [980, 110],
      [1100, 50],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="#fef3c7"/>`)
      .join('')}
    <circle cx="600" cy="500" r="110" fill="#fde68a" opacity="0.95"/>
    <path d="M0 520 L80 360 L170 340 L230 430 L300 520 Z" fill="url(#rock)"/>
    <path d="M820 520 L880 300 L990 280 L1060 380 L1200 420 L1200 520 Z" fill="url(#rock)"/>
    <path d="M0 520 Q300 450 620 530 T1200 500 L1200 800 L0 800 Z" fill="url(#dune)"/>
    <path d="M0 640 Q400 560 800 650 T1200 620 L1200 800 L0 800 Z" fill="#d97706" opacity="0.8"/>
    <rect x="700" y="540" width="200" height="110" rx="6" fill="#78350f"/>
    <path d="M680 545 L800 480 L920 545 Z" fill="#451a03"/>
    <rect x="730" y="570" width="50" height="50" rx="4" fill="#fde68a"/>
    <rect x="820" y="570" width="50" height="80" rx="4" fill="#fbbf24"/>`,
}

/** A living room in the property's accent colour, looking out of a window. */
const room = (accent: string) => `
  <defs>${gradient('wall', ['#fffbeb', '#fde8c8'])}${gradient('view', ['#7dd3fc', '#e0f2fe'])}${gradient('floor', ['#d6a77a', '#a16207'])}</defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
  <rect x="640" y="120" width="420" height="330" rx="12" fill="url(#view)" stroke="#ffffff" stroke-width="18"/>
  <line x1="850" y1="120" x2="850" y2="450" stroke="#ffffff" stroke-width="10"/>
  <rect y="600" width="${WIDTH}" height="200" fill="url(#floor)"/>
  <ellipse cx="480" cy="690" rx="360" ry="60" fill="${accent}" opacity="0.35"/>
  <rect x="170" y="440" width="520" height="170" rx="36" fill="${accent}"/>
  <rect x="200" y="380" width="460" height="120" rx="30" fill="${accent}" opacity="0.8"/>
  <rect x="230" y="420" width="120" height="80" rx="18" fill="#fef3c7"/>
  <rect x="510" y="420" width="120" height="80" rx="18" fill="#fef3c7"/>
  <rect x="880" y="430" width="16" height="200" fill="#44403c"/>
  <path d="M820 430 L956 430 L920 340 L856 340 Z" fill="#fbbf24"/>
  <rect x="1000" y="520" width="90" height="110" rx="10" fill="#a8a29e"/>
  <circle cx="1045" cy="480" r="60" fill="#16a34a"/>
  <circle cx="1010" cy="450" r="40" fill="#22c55e"/>`

const ROOM_ACCENTS: Record<Theme, string> = {
  sea: '#0e7490',
  garden: '#15803d',
  desert: '#b45309',
}

/** A JPEG illustration, drawn as SVG and rendered by sharp: the theme's outside, or a room in its colours. */
export async function demoPhoto(theme: Theme, view: 'outside' | 'room'): Promise<Buffer> {
  const body = view === 'room' ? room(ROOM_ACCENTS[theme]) : SCENES[theme]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}
