/**
 * Issue 17: the faces the interface is drawn in, served by Manzil itself (no font CDN), cut into
 * unicode ranges so a page downloads only the scripts it shows, with `font-display: swap`.
 * index.html preloads each language's files (scripts/firstScreens.ts), so the text rarely paints
 * twice; Inter comes first in the stack for Latin and digits, Noto Sans Arabic for Arabic.
 */
import '@fontsource-variable/inter/wght.css'
import '@fontsource-variable/noto-sans-arabic/wght.css'
