/**
 * The packed plugin's scratch store: integration-tests/packed/store-template with the tarball
 * installed by npm and `medusa build` run, kept in .cache/packed/ while its inputs are unchanged.
 * Made before the lanes start by integration-tests/setup/prepare.ts, and by the packed spec itself
 * when run alone.
 */
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { CACHE, cleanEnv, hashOf, log, npm, REBUILD, ROOT, runToEnd, stamp, step } from "./pack"

const TEMPLATE = path.join(__dirname, "store-template")
/**
 * The Medusa the scratch store installs: the template's, or GHN_PACKED_MEDUSA (`~2.19.0`: the newest
 * 2.19.x; `latest`; an exact version, a snapshot or a preview), resolved on the registry by
 * scripts/medusa-versions.js (a package of the set not published at that version, such as a
 * snapshot's @medusajs/admin-sdk, pinned to the newest version it has below it).
 */
const MEDUSA = process.env.GHN_PACKED_MEDUSA || ""
const TEMPLATE_PACKAGE = JSON.parse(fs.readFileSync(path.join(TEMPLATE, "package.json"), "utf8"))
const TEMPLATE_PINS: Record<string, string> = Object.fromEntries(
  Object.entries(TEMPLATE_PACKAGE.dependencies as Record<string, string>).filter(([name]) => name.startsWith("@medusajs/"))
)
const { resolveMedusaSet, describeFallbacks } = require(path.join(ROOT, "scripts", "medusa-versions.js"))
const MEDUSA_SET: { medusa: string; pins: Record<string, string>; fallbacks: { name: string; version: string }[] } | null =
  MEDUSA ? resolveMedusaSet(MEDUSA, Object.keys(TEMPLATE_PINS)) : null
/** Asked for the template's own versions, the store is the template's (and its cached install and build serve both). */
const PINS = MEDUSA_SET && JSON.stringify(MEDUSA_SET.pins) !== JSON.stringify(TEMPLATE_PINS) ? MEDUSA_SET.pins : null
export const STORE = path.join(CACHE, PINS ? `store-${MEDUSA_SET!.medusa.replace(/[^0-9A-Za-z.-]/g, "")}` : "store")
export const SERVER = path.join(STORE, ".medusa", "server")

/** The scratch store: the template's files, the tarball installed with npm, `medusa build`. */
export async function prepareStore(tarball: string) {
  const templateHash = hashOf(TEMPLATE, fs.readdirSync(TEMPLATE)) + (PINS ? JSON.stringify(PINS) : "")
  if (REBUILD || stamp(path.join(STORE, ".template.hash")) !== templateHash) fs.rmSync(STORE, { recursive: true, force: true })
  fs.mkdirSync(STORE, { recursive: true })
  for (const f of fs.readdirSync(TEMPLATE)) fs.copyFileSync(path.join(TEMPLATE, f), path.join(STORE, f))
  // The template names the published package; here the dependency is the tarball just packed.
  const pkg = JSON.parse(fs.readFileSync(path.join(STORE, "package.json"), "utf8"))
  pkg.dependencies["medusa-fulfillment-ghn"] = `file:${tarball}`
  if (PINS) Object.assign(pkg.dependencies, PINS)
  // A package pinned below the Medusa asked for is still named at that Medusa's version by its
  // packages' peers (@medusajs/draft-order's optional peer @medusajs/admin-sdk): npm would fetch
  // that missing version (ETARGET) unless an override holds every edge to the pin, as a store owner would.
  for (const { name, version } of MEDUSA_SET?.fallbacks ?? []) pkg.overrides = { ...pkg.overrides, [name]: version }
  fs.writeFileSync(path.join(STORE, "package.json"), JSON.stringify(pkg, null, 2))
  await step("npm install (store)", () => npm("npm-install", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=warn"], STORE))
  fs.writeFileSync(path.join(STORE, ".template.hash"), templateHash)

  const medusa = JSON.parse(fs.readFileSync(path.join(STORE, "node_modules", "@medusajs", "medusa", "package.json"), "utf8")).version
  const fallbacks = MEDUSA_SET ? describeFallbacks(MEDUSA_SET) : ""
  log(`Medusa ${medusa} installed${MEDUSA ? ` (asked: ${MEDUSA})` : ""}${fallbacks ? `, with ${fallbacks}` : ""}, Node ${process.version}`)
  if (MEDUSA_SET && medusa !== MEDUSA_SET.medusa) throw new Error(`npm installed @medusajs/medusa ${medusa}, not ${MEDUSA_SET.medusa}`)
  const installed = path.join(STORE, "node_modules", "medusa-fulfillment-ghn")
  if (fs.lstatSync(installed).isSymbolicLink()) throw new Error(`${installed} is a link, not the tarball's files`)
  // What npm installed is the tarball just packed, file for file.
  const unpacked = `${STORE}-unpacked`
  fs.rmSync(unpacked, { recursive: true, force: true })
  fs.mkdirSync(unpacked, { recursive: true })
  if (spawnSync("tar", ["xzf", tarball, "-C", unpacked]).status !== 0) throw new Error(`tar could not read ${tarball}`)
  const packed = path.join(unpacked, "package")
  // npm may nest a dependency under the package (node_modules/) when the store hoists another version of it.
  const own = (dir: string) => fs.readdirSync(dir).filter((name) => name !== "node_modules")
  if (hashOf(packed, own(packed)) !== hashOf(installed, own(installed))) {
    throw new Error(`${installed} differs from ${tarball}`)
  }
  // The store's build depends on the tarball (its admin extension) and the template.
  const buildHash = createHash("sha256").update("2").update(fs.readFileSync(tarball)).update(templateHash).digest("hex").slice(0, 16)
  if (!REBUILD && stamp(path.join(STORE, ".build.hash")) === buildHash && fs.existsSync(path.join(SERVER, "public", "admin", "index.html"))) {
    log("store build up to date (tarball unchanged): reusing it")
    return
  }
  await step("medusa build (store)", () => runToEnd("medusa-build", path.join(STORE, "node_modules", ".bin", "medusa"), ["build"], { cwd: STORE, env: cleanEnv({ NODE_ENV: "production" }) }))
  if (!fs.existsSync(path.join(SERVER, "public", "admin", "index.html"))) throw new Error("medusa build left no admin in the store")
  fs.writeFileSync(path.join(STORE, ".build.hash"), buildHash)
}
