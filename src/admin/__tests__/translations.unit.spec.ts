/**
 * One language per screen: every text the plugin's admin shows comes from src/admin/i18n, in
 * Vietnamese and English. The components (src/admin/**\/*.tsx) are parsed with the TypeScript
 * compiler: JSX text, the string literals a JSX child renders, and the string props people read
 * (title, placeholder, aria-label, label, ...) must hold no words; every translation key a
 * component names must exist in both languages, and both languages hold the same keys.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import ts from "typescript"
import en from "../i18n/en.json"
import vi from "../i18n/vi.json"

const ADMIN = path.resolve(__dirname, "..")

/** Props whose string a person reads or hears. */
const HUMAN_PROPS = new Set(["title", "placeholder", "aria-label", "aria-description", "aria-valuetext", "alt", "label", "heading", "description", "tooltip", "header", "selectedLabel", "allLabel", "closeLabel", "subtitle"])

/** Words the same in both languages: names and units. */
const NEUTRAL = new Set(["GHN", "COD", "CSV", "PDF", "A4", "A5", "kg", "cm", "VND", "ID"])

/** A translation key named where Medusa translates it (a route's `label` with its `translationNs`). */
const KEY = /^[a-z][A-Za-z]*(\.[A-Za-z_]+)+$/

/** A text a person would read: two letters or more in a row, once names and units are set aside. */
export function isHumanText(text: string): boolean {
  if (KEY.test(text)) return false
  const words = text.match(/[\p{L}][\p{L}\p{M}]+/gu) ?? []
  return words.some((w) => !NEUTRAL.has(w))
}

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === "__tests__" ? [] : tsxFiles(full)
    return e.name.endsWith(".tsx") ? [full] : []
  })
}

type Finding = { file: string; line: number; text: string }

/** The literal strings an expression may render (through `a ? "x" : "y"`, `a || "x"`, templates' literal parts). */
function renderedStrings(node: ts.Expression): { node: ts.Node; text: string }[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [{ node, text: node.text }]
  if (ts.isTemplateExpression(node)) return [{ node, text: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ") }]
  if (ts.isParenthesizedExpression(node)) return renderedStrings(node.expression)
  if (ts.isConditionalExpression(node)) return [...renderedStrings(node.whenTrue), ...renderedStrings(node.whenFalse)]
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(node.operatorKind)) {
    return [...renderedStrings(node.left), ...renderedStrings(node.right)]
  }
  return []
}

/** Texts a component would show that are not translations. */
function literalTexts(file: string): Finding[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: Finding[] = []
  const report = (node: ts.Node, text: string) => {
    if (isHumanText(text)) found.push({ file: path.relative(ADMIN, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim().slice(0, 80) })
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text)
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const s of renderedStrings(node.expression)) report(s.node, s.text)
    } else if (ts.isJsxAttribute(node) && HUMAN_PROPS.has(node.name.getText(source)) && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) report(node, node.initializer.text)
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) for (const s of renderedStrings(node.initializer.expression)) report(s.node, s.text)
    } else if (ts.isPropertyAssignment(node) && HUMAN_PROPS.has(node.name.getText(source).replace(/["']/g, ""))) {
      for (const s of renderedStrings(node.initializer)) report(s.node, s.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The translation keys components name as a literal: t("a.b"), i18nKey="a.b", label: "menu.x" in a route config. */
function namedKeys(file: string): { key: string; line: number }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const keys: { key: string; line: number }[] = []
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "t" && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      keys.push({ key: node.arguments[0].text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    }
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === "label" && ts.isStringLiteral(node.initializer) && KEY.test(node.initializer.text)) {
      keys.push({ key: node.initializer.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return keys
}

type Tree = { [key: string]: string | Tree }
const flatten = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)))
const has = (keys: Set<string>, key: string) => keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`)
/** A key without i18next's plural suffix (Vietnamese has one form, English two). */
const unplural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "")

describe("the admin's texts", () => {
  const files = tsxFiles(ADMIN)

  it("finds the components", () => {
    expect(files.length).toBeGreaterThan(15)
  })

  it("tells words from names, units and signs", () => {
    expect(isHumanText("Next")).toBe(true)
    expect(isHumanText("Đã quét")).toBe(true)
    expect(isHumanText("1 — 1 of 1 results")).toBe(true)
    expect(isHumanText(" · ")).toBe(false)
    expect(isHumanText("#")).toBe(false)
    expect(isHumanText("CSV")).toBe(false)
    expect(isHumanText("500 g")).toBe(false)
  })

  it("renders no text that is not a translation (JSX text, rendered string literals, titles, placeholders, labels)", () => {
    expect(files.flatMap(literalTexts)).toEqual([])
  })

  it("catches a literal in JSX text, a child expression, a prop and a column header", () => {
    const probe = path.join(require("node:os").tmpdir(), `ghn-i18n-probe-${process.pid}.tsx`)
    fs.writeFileSync(
      probe,
      `export const A = ({ x }: { x: boolean }) => <div title="Print all"><p>Prev</p>{x ? "Next" : null}<input placeholder={"mm/dd/yyyy"} /><b>{t("ok.key")} · #{1}</b></div>
       const columns = [{ header: "GHN code" }, { header: "GHN" }]`
    )
    try {
      expect(literalTexts(probe).map((f) => f.text)).toEqual(["Print all", "Prev", "Next", "mm/dd/yyyy", "GHN code"])
    } finally {
      fs.rmSync(probe, { force: true })
    }
  })

  it("names only keys that exist in Vietnamese and English", () => {
    const viKeys = new Set(flatten(vi as Tree))
    const enKeys = new Set(flatten(en as Tree))
    const missing = files.flatMap((file) => namedKeys(file).filter(({ key }) => !has(viKeys, key) || !has(enKeys, key)).map(({ key, line }) => `${path.relative(ADMIN, file)}:${line} ${key}`))
    expect(missing).toEqual([])
  })

  it("has the same keys in Vietnamese and English", () => {
    const viKeys = [...new Set(flatten(vi as Tree).map(unplural))].sort()
    const enKeys = [...new Set(flatten(en as Tree).map(unplural))].sort()
    expect(viKeys.filter((k) => !enKeys.includes(k))).toEqual([])
    expect(enKeys.filter((k) => !viKeys.includes(k))).toEqual([])
  })
})
