/**
 * Run by the build, not the browser (scripts/vitePrerender.ts): the markup of a public
 * screen as a signed-out visitor's first render draws it in `language`, the same tree
 * src/main.tsx then hydrates.
 */
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { App, preloadPublicScreen } from '../routes/App.tsx'
import { loadWords } from '../i18n.tsx'
import type { Language } from '../domain/translator.ts'

export async function renderFirstScreen(path: string, language: Language): Promise<string> {
  const screen = preloadPublicScreen(path)
  if (!screen) throw new Error(`${path} is not a public screen`)
  await Promise.all([screen, loadWords(language, ['public'])])
  // A screen that fails here would reach the page as a spinner for the browser to replace: the build fails instead.
  const failures: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path}>
        <App language={language} />
      </Router>
    </StrictMode>,
    { onError: (failure) => void failures.push(failure) },
  )
  if (failures.length > 0) throw failures[0]
  return await new Response(prelude).text()
}
