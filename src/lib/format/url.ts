/** A URL or path without its trailing slashes (`https://shop.vn//` -> `https://shop.vn`), in one pass from the end. */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length
  while (end > 0 && url[end - 1] === "/") end--
  return url.slice(0, end)
}
