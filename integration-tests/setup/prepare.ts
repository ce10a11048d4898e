/**
 * What the app specs build or install, made once before the lanes of `npm run test:integration`
 * start, so no lane compiles or installs while another runs timed work:
 *   - the packed plugin (`npm run build` + `npm pack`), for packed/ and storefront/kit-packed;
 *   - the packed store (the template, the tarball installed with npm, `medusa build`), for packed/,
 *     and one per other Medusa the run checks (GHN_TEST_COMPAT: scripts/test-integration.js);
 *   - the development store's production build with its admin, for browser/.
 * Each is kept in .cache/ under a hash of its sources; a spec finds it up to date and reuses it
 * (and makes it itself when run alone). Run with ts-node by scripts/test-integration.js;
 * `prepare.ts store` prepares only the packed store of GHN_PACKED_MEDUSA (its module reads it once).
 */
import { spawn } from "node:child_process"
import * as path from "node:path"
import { buildStore } from "../browser/helpers/admin-store"
import { packPlugin, ROOT } from "../packed/pack"
import { prepareStore } from "../packed/store"

const say = (line: string) => process.stdout.write(`[prepare] ${line}\n`)

async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await fn()
  say(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return result
}

/** The packed store of another Medusa, in a process of its own (its Medusa is read when the module loads). */
function otherMedusaStore(medusa: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve("ts-node/dist/bin.js"), "--transpile-only", __filename, "store"], {
      cwd: ROOT,
      env: { ...process.env, GHN_PACKED_MEDUSA: medusa },
      stdio: "inherit",
    })
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the packed store on Medusa ${medusa} could not be prepared (exit ${code})`))))
  })
}

async function main() {
  if (process.argv[2] === "store") {
    await timed(`packed store on Medusa ${process.env.GHN_PACKED_MEDUSA} (install and build)`, async () => prepareStore(await packPlugin()))
    return
  }
  // Medusa versions other than the template's (the runner resolved them), one store each.
  const others = (process.env.GHN_TEST_COMPAT_STORES || "").split(/\s+/).filter(Boolean)
  // At once: a build waits on the disk and the network as much as on a core.
  await Promise.all([
    (async () => {
      const tarball = await timed("packed plugin", packPlugin)
      await Promise.all([timed("packed store (install and build)", () => prepareStore(tarball)), ...others.map(otherMedusaStore)])
    })(),
    timed("admin build (browser tests)", () => buildStore(path.join(ROOT, "artifacts", "browser", "logs"))),
  ])
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`)
  process.exit(1)
})
