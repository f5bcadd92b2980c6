import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react'

type Level = 2 | 3 | 4

/**
 * The level a card's or a panel's title takes where it is drawn: the same card sits right under
 * a page's h1 on one screen (an h2) and inside a titled dashboard section on another (an h3).
 * Headings never skip a level, so screen readers' outline of the page holds.
 */
const LevelContext = createContext<Level>(2)

/** Titles drawn inside `children` sit one level under the section titled at `level - 1`. */
export function HeadingLevel({ level, children }: { level: Level; children: ReactNode }) {
  return <LevelContext.Provider value={level}>{children}</LevelContext.Provider>
}

/** A card's or panel's title, at the level its place on the page gives it. */
export function Heading(props: HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${useContext(LevelContext)}` as const
  return <Tag {...props} />
}
