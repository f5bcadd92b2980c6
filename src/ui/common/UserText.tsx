import { Fragment, type ReactNode } from 'react'
import type { Translate, TranslationParams } from '../../domain/translator.ts'

/*
 * Text that people or feeds wrote (names, addresses, descriptions, guest names, summaries,
 * e-mails) keeps its own direction whatever the interface's: `dir="auto"` on the
 * element that holds it, or `<bdi>` inside a sentence. So "Desert Rose Villa" reads left to right
 * in the Arabic interface, an element that truncates it cuts it at its own end ("Desert Rose
 * Vi…"), and an English description is laid out left to right.
 */

/** An e-mail address: always left to right, and free to wrap anywhere (it is one long word). */
export function EmailText({ email }: { email: string }) {
  return (
    <bdi dir="ltr" className="wrap-anywhere">
      {email}
    </bdi>
  )
}

/** A name or any other text someone wrote, set apart inside a sentence. */
export function UserText({ children }: { children: string }) {
  return <bdi>{children}</bdi>
}

const MARK = '\u0000'

/** Stand-ins for `names` that survive a translation or `Intl.ListFormat`; see `isolateMarked`. */
export const nameMarks = (names: readonly string[]) => names.map((_, index) => `${MARK}${index}${MARK}`)

/** `text` made with `nameMarks(names)`, each mark replaced by its name, isolated. */
export function isolateMarked(text: string, names: readonly string[]): ReactNode[] {
  return text
    .split(MARK)
    .map((piece, index) => (index % 2 === 1 ? <bdi key={index}>{names[Number(piece)]}</bdi> : piece))
}

/**
 * A translated sentence whose `parts` are elements (an isolated name, an e-mail) rather than
 * text: the translation still decides where they go.
 */
export function richText(
  t: Translate,
  key: string,
  parts: Record<string, ReactNode>,
  params: TranslationParams = {},
): ReactNode[] {
  const names = Object.keys(parts)
  const marked = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]))
  return t(key, { ...params, ...marked })
    .split(MARK)
    .map((piece, index) =>
      index % 2 === 1 ? <Fragment key={index}>{parts[names[Number(piece)] ?? '']}</Fragment> : piece,
    )
}
