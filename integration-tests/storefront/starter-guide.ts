/**
 * docs/storefront.md's steps for Medusa's starter, read from the guide itself: each code block
 * under a `<!-- starter: {…} -->` marker says where it goes in the starter's files, and
 * `applyGuide` pastes it there, as a developer following the guide would.
 *
 * A marker's JSON: `file` (under apps/storefront/), and one of
 * - `"new": true`: the block is the whole (new) file;
 * - `"after": "lines"`: the block goes after those lines;
 * - `"replace": "lines"`: the block replaces those lines, or, with `"through": "lines"`, everything
 *   from them to the first `through` lines after them (`"through": ""`: to the end of the file).
 * Lines match whole lines, indentation included, and must be found exactly once, so a guide whose
 * words no longer fit the starter fails instead of pasting somewhere else.
 */
import * as fs from "node:fs"
import * as path from "node:path"

export type GuideSnippet = { file: string; new?: true; after?: string; replace?: string; through?: string; code: string; line: number }

/** The marked code blocks of a guide, in order. */
export function guideSnippets(markdown: string): GuideSnippet[] {
  const snippets: GuideSnippet[] = []
  const marker = /<!-- starter: (\{.*\}) -->\n+```[a-z]*\n([\s\S]*?)\n```/g
  for (const match of markdown.matchAll(marker)) {
    const where = JSON.parse(match[1]) as Omit<GuideSnippet, "code" | "line">
    snippets.push({ ...where, code: match[2], line: markdown.slice(0, match.index).split("\n").length })
  }
  return snippets
}

/** Where a run of whole lines starts in `lines`, searched from `from`; every start found. */
function findLines(lines: string[], wanted: string[], from = 0): number[] {
  const found: number[] = []
  for (let i = from; i + wanted.length <= lines.length; i++) {
    if (wanted.every((line, k) => lines[i + k] === line)) found.push(i)
  }
  return found
}

function onlyOne(lines: string[], wanted: string, snippet: GuideSnippet, from = 0): number {
  const found = findLines(lines, wanted.split("\n"), from)
  if (found.length !== 1) {
    throw new Error(`docs/storefront.md line ${snippet.line}: ${JSON.stringify(wanted)} is found ${found.length} times in ${snippet.file} (once expected)`)
  }
  return found[0]
}

/** Pastes one snippet into the starter's files under `dir`. */
export function applySnippet(dir: string, snippet: GuideSnippet) {
  const file = path.join(dir, snippet.file)
  if (snippet.new) {
    if (fs.existsSync(file)) throw new Error(`docs/storefront.md line ${snippet.line}: ${snippet.file} is said to be new, but the starter has it`)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, `${snippet.code}\n`)
    return
  }
  if (!fs.existsSync(file)) throw new Error(`docs/storefront.md line ${snippet.line}: ${snippet.file} is not in the starter`)
  const lines = fs.readFileSync(file, "utf8").split("\n")
  const code = snippet.code.split("\n")
  if (snippet.after !== undefined) {
    const at = onlyOne(lines, snippet.after, snippet) + snippet.after.split("\n").length
    lines.splice(at, 0, ...code)
  } else if (snippet.replace !== undefined) {
    const start = onlyOne(lines, snippet.replace, snippet)
    let end = start + snippet.replace.split("\n").length
    if (snippet.through === "") end = lines[lines.length - 1] === "" ? lines.length - 1 : lines.length
    else if (snippet.through !== undefined) {
      const through = findLines(lines, snippet.through.split("\n"), start)[0]
      if (through === undefined) throw new Error(`docs/storefront.md line ${snippet.line}: ${JSON.stringify(snippet.through)} does not follow ${JSON.stringify(snippet.replace)} in ${snippet.file}`)
      end = through + snippet.through.split("\n").length
    }
    lines.splice(start, end - start, ...code)
  } else {
    throw new Error(`docs/storefront.md line ${snippet.line}: the marker says neither new, after nor replace`)
  }
  fs.writeFileSync(file, lines.join("\n"))
}

/** Every snippet of the guide pasted into a copy of the starter's files; the files it touched. */
export function applyGuide(markdown: string, dir: string): string[] {
  const snippets = guideSnippets(markdown)
  for (const snippet of snippets) applySnippet(dir, snippet)
  return [...new Set(snippets.map((s) => s.file))]
}

/** Class names the guide's step 3 gives (`ghnFieldClassNames`, `ghnTrackingClassNames` in src/lib/ghn.ts); page/vite.config.mjs reads them the same way. */
export function guideClassNames(markdown: string, name: "ghnFieldClassNames" | "ghnTrackingClassNames"): Record<string, string> {
  const literal = new RegExp(`export const ${name}: \\w+ = (\\{[\\s\\S]*?\\n\\})`).exec(markdown)?.[1]
  if (!literal) throw new Error(`docs/storefront.md has no ${name} in step 3`)
  return Function(`return (${literal})`)()
}
