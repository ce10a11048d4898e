/**
 * Every regular expression of the plugin's code, found in the source by the TypeScript compiler
 * (a new one is checked without being listed anywhere), goes through recheck, a ReDoS checker: one
 * whose matching time can grow faster than its input (polynomial or exponential backtracking)
 * fails here, naming the file, the line and an attack string. recheck runs in its pure JavaScript
 * build (no Java, no native binary: only Node), with its time limits off so its verdict does not
 * depend on how busy the machine is; its step limits bound the work instead. It runs in a child
 * Node process: inside jest's module sandbox the same checks take eight times the CPU.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Diagnostics, Parameters } from "recheck"
import * as ts from "typescript"

const SRC = path.join(__dirname, "..")

/** recheck's own limits, the time-based ones off: the same verdict on an idle or a loaded machine. */
const PARAMS: Parameters = { timeout: null, attackTimeout: null, incubationTimeout: null, seedingTimeout: null }

type Found = { where: string; source: string; flags: string }

/** The plugin's source files: tests aside (their expressions match the plugin's answers, not input). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : []
  })
}

const literalText = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined)

/**
 * Every expression a file holds: `/…/flags` literals, `RegExp("…", "flags")` with literal text, and
 * the text `match`, `matchAll` and `search` turn into an expression. A `RegExp` built from anything
 * else cannot be checked here: it is listed apart, and refused.
 */
function expressionsOf(file: string): { found: Found[]; unchecked: string[] } {
  const text = fs.readFileSync(file, "utf8")
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Found[] = []
  const unchecked: string[] = []
  const where = (node: ts.Node) => `${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = (node as ts.RegularExpressionLiteral).text
      const end = literal.lastIndexOf("/")
      found.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) })
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [pattern, flags] = node.arguments ?? []
      const patternText = literalText(pattern)
      const flagsText = flags ? literalText(flags) : ""
      if (patternText !== undefined && flagsText !== undefined) found.push({ where: where(node), source: patternText, flags: flagsText })
      else unchecked.push(`${where(node)} ${node.getText(source)}`)
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ["match", "matchAll", "search"].includes(node.expression.name.text)) {
      const patternText = literalText(node.arguments[0])
      if (patternText !== undefined) found.push({ where: where(node), source: patternText, flags: node.expression.name.text === "matchAll" ? "g" : "" })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { found, unchecked }
}

/** recheck's verdicts on expressions, in order, from a child Node process with its pure JavaScript backend. */
function check(expressions: { source: string; flags: string }[]): Diagnostics[] {
  const program = `
    process.env.RECHECK_SYNC_BACKEND = "pure"
    const { checkSync } = require("recheck")
    const { expressions, params } = JSON.parse(require("node:fs").readFileSync(0, "utf8"))
    process.stdout.write(JSON.stringify(expressions.map((e) => checkSync(e.source, e.flags, params))))`
  const run = spawnSync(process.execPath, ["-e", program], { cwd: SRC, input: JSON.stringify({ expressions, params: PARAMS }), encoding: "utf8", maxBuffer: 64 << 20 })
  if (run.status !== 0) throw new Error(`recheck did not run: ${run.stderr}`)
  return JSON.parse(run.stdout) as Diagnostics[]
}

const verdict = (d: Diagnostics) =>
  d.status === "vulnerable" ? `${d.complexity.summary}, e.g. ${d.attack.pattern}` : d.status === "unknown" ? `not checked: ${JSON.stringify(d.error)}` : d.complexity.summary

describe("regular expressions of the plugin (ReDoS)", () => {
  const files = sourceFiles(SRC)
  const all = files.map(expressionsOf)
  const found = all.flatMap((f) => f.found)

  it("finds the expressions of the source, in .ts and .tsx files alike", () => {
    // The phone rule's, the CSV writer's and an admin page's: the scan reaches every kind of file.
    const where = found.map((f) => f.where)
    expect(where).toEqual(expect.arrayContaining([expect.stringMatching(/^lib\/address\/phone\.ts:/), expect.stringMatching(/^lib\/format\/csv\.ts:/), expect.stringMatching(/^admin\/.+\.tsx:/)]))
    expect(found.length).toBeGreaterThan(100)
  })

  it("builds none from text it cannot check (a RegExp of a variable)", () => {
    expect(all.flatMap((f) => f.unchecked)).toEqual([])
  })

  it("flags a super-linear expression: the phone rule's former one, quadratic over a run of spaces", () => {
    const [d] = check([{ source: "\\+?\\s*\\d[\\d\\s.\\-()]*", flags: "" }])
    expect(d.status).toBe("vulnerable")
  })

  it("has none whose matching time can grow faster than its input", () => {
    const distinct = new Map<string, Found[]>()
    for (const f of found) distinct.set(`/${f.source}/${f.flags}`, [...(distinct.get(`/${f.source}/${f.flags}`) ?? []), f])
    const groups = [...distinct.values()]
    const verdicts = check(groups.map((places) => places[0]))
    const refused = groups.flatMap((places, i) =>
      verdicts[i].status === "safe" ? [] : [`${places.map((p) => p.where).join(", ")}: /${places[0].source}/${places[0].flags}: ${verdict(verdicts[i])}`]
    )
    expect(refused).toEqual([])
  }, 600_000)
})
