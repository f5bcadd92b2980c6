import { afterEach, describe, expect, it, vi } from 'vitest'
import { showPrerenderedScript } from '../../scripts/vitePrerender.ts'
import { isPrerendered, LIVE_ATTRIBUTE, markLive } from '../../src/boot/prerendered.ts'

/** A page as the build writes it: #root, a template per language, then the script after them. */
function openPage(screen: string | null, language: string) {
  document.body.innerHTML = `<div id="root"></div>
    <template data-screen="/login" lang="en"><form id="sign-in"><button>Sign in</button></form></template>
    <template data-screen="/login" lang="ar"><form id="sign-in"><button>تسجيل الدخول</button></form></template>`
  document.documentElement.lang = language
  if (screen) document.documentElement.setAttribute('data-first-screen', screen)
  // The script is the page's own, text the build wrote; evaluating it is the point of the test.
  new Function(showPrerenderedScript())()
  return document.getElementById('root') as HTMLElement
}

afterEach(() => {
  document.documentElement.removeAttribute('data-first-screen')
  document.documentElement.removeAttribute(LIVE_ATTRIBUTE)
  document.body.innerHTML = ''
})

describe("the page's prerendered sign-in screen", () => {
  it('shows the markup of the language the first script chose, once', () => {
    const root = openPage('/login', 'ar')
    expect(root.textContent).toBe('تسجيل الدخول')
    expect(root.querySelectorAll('form')).toHaveLength(1)
    expect(isPrerendered(root)).toBe(true)
  })

  it('shows nothing when the first script named no prerendered screen: the app renders it', () => {
    const root = openPage(null, 'en')
    expect(root.innerHTML).toBe('')
    expect(isPrerendered(root)).toBe(false)
  })

  it('holds a form sent before the app is live and sends it again once it is', () => {
    const root = openPage('/login', 'en')
    const form = root.querySelector('form') as HTMLFormElement
    const sent = vi.fn()
    form.addEventListener('submit', sent)
    const early = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(early)
    // Held: the browser does not send it itself (the password would travel in the address), and
    // an app still hydrating does not hear of it.
    expect(early.defaultPrevented).toBe(true)
    expect(sent).not.toHaveBeenCalled()
    const resend = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    })
    markLive()
    expect(document.documentElement.hasAttribute(LIVE_ATTRIBUTE)).toBe(true)
    expect(resend).toHaveBeenCalledTimes(1)
    expect(sent).toHaveBeenCalledTimes(1)
    // Live: a form is the app's to send, and nothing is held again.
    const later = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(later)
    expect(later.defaultPrevented).toBe(false)
    expect(sent).toHaveBeenCalledTimes(2)
    markLive()
    expect(resend).toHaveBeenCalledTimes(1)
  })
})
