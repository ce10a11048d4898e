import Medusa from "@medusajs/js-sdk"

declare const __BACKEND_URL__: string | undefined

/** The backend the admin talks to: the dashboard's own setting when the bundler defines it, else this origin. */
export const BACKEND_URL: string = (() => {
  try {
    return typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__ ? __BACKEND_URL__ : "/"
  } catch {
    return "/"
  }
})()

export const sdk = new Medusa({ baseUrl: BACKEND_URL, auth: { type: "session" } })

/** An absolute URL of the backend for a route path (label pages open in a new tab). */
export function backendHref(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
  const base = BACKEND_URL === "/" ? window.location.origin : BACKEND_URL
  return new URL(pathOrUrl, base.endsWith("/") ? base : `${base}/`).toString()
}

/**
 * The admin's language (the dashboard keeps it in localStorage `lng`), as the header the plugin's
 * routes read to word a refusal in it (src/lib/admin-errors): every plugin call sends it.
 */
export function languageHeaders(): Record<string, string> {
  try {
    const language = window.localStorage.getItem("lng") || window.navigator.language
    return language ? { "x-medusa-locale": language } : {}
  } catch {
    return {}
  }
}
