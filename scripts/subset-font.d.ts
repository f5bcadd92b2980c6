// subset-font ships no types; this is the part of its API scripts/fonts.ts uses.
declare module 'subset-font' {
  type Options = {
    targetFormat?: 'sfnt' | 'woff' | 'woff2'
    keepAllGlyphs?: boolean
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
  }
  export default function subsetFont(font: Buffer, text: string | null, options?: Options): Promise<Buffer>
}
