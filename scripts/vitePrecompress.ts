/**
 * Every text file of the build also written brotli- and gzip-compressed beside itself
 * (`.br`, `.gz`), once, at build time; the server sends the one the browser accepts
 * (server/web/spa.ts). Uncompressed, the first screen's JavaScript was three times its size on
 * a phone's link. Runs after every other plugin has written its files (sw.js, manifests).
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json|txt)$/
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    )
}

export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'manzil-precompress',
    apply: 'build',
    configResolved: (resolved) => {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = path.resolve(config.root, config.build.outDir)
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue
          const content = fs.readFileSync(file)
          if (content.length < MIN_BYTES) continue
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          )
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }))
        }
      },
    },
  }
}
