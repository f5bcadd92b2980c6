import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Comments state the rule itself, and cite what a reader of the repository has: docs/product.md
 * by section, docs/decisions.md by heading. Numbers of documents outside the repository (the
 * original specification and design, tracker issues) mean nothing to that reader, so none may
 * come back into the code, its tests, its scripts or the docs that code links to.
 */

const root = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['src', 'server', 'contract', 'scripts', 'bench', 'tests', 'locales']
const DOCS = [
  'docs/architecture.md',
  'docs/benchmarks.md',
  'docs/decisions.md',
  'docs/product.md',
  'README.md',
]
const TEXT = /\.(ts|tsx|mts|mjs|js|json|md|css|html)$/
const SKIP = new Set(['node_modules', 'dist', 'feeds'])
/** This file names what it forbids. */
const SELF = path.relative(root, import.meta.filename)

/** A citation of an outside document or of an issue number: "SPEC 5", "DESIGN 7", "issues 7 and 12". */
const OUTSIDE = new RegExp(String.raw`\b(?:SPEC|DESIGN)\b|\b[Ii]ssues? #?\d+`, 'g')

function filesUnder(folder: string): string[] {
  const absolute = path.join(root, folder)
  if (!fs.existsSync(absolute)) return []
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name)
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : filesUnder(relative)
    return TEXT.test(entry.name) ? [relative] : []
  })
}

const files = [...FOLDERS.flatMap(filesUnder), ...DOCS].filter((file) => file !== SELF)

/** Each line of `file` that matches `pattern`, as "file:line: text". */
function linesMatching(file: string, pattern: RegExp): string[] {
  return fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.match(pattern) ? [`${file}:${index + 1}: ${line.trim()}`] : []))
}

/** The numbers of docs/product.md's sections: "4" for "## 4. Flows", "4.2" for "### 4.2 …". */
function productSections(): Set<string> {
  const text = fs.readFileSync(path.join(root, 'docs/product.md'), 'utf8')
  return new Set([...text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((match) => match[1] ?? ''))
}

describe('citations in the code', () => {
  it('name no outside specification, design or issue number', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap((file) => linesMatching(file, OUTSIDE))).toEqual([])
  })

  it('point at sections docs/product.md has', () => {
    const sections = productSections()
    expect(sections.has('1')).toBe(true)
    // "product.md §4.2", "product.md §4.2 and §5.1", "product.md §2.12, §2.14"
    const cited = files.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          [...line.matchAll(/product\.md((?:[,;]? (?:and )?§\d+(?:\.\d+)*)+)/g)].flatMap((match) =>
            [...(match[1] ?? '').matchAll(/§(\d+(?:\.\d+)*)/g)].map((section) => ({
              where: `${file}:${index + 1}`,
              section: section[1] ?? '',
            })),
          ),
        ),
    )
    expect(cited.length).toBeGreaterThan(50)
    expect(cited.filter(({ section }) => !sections.has(section))).toEqual([])
  })
})
