/**
 * The storefront kit as a storefront installs it: the package built and packed as npm publishes it
 * (integration-tests/packed/pack.ts, reused while the sources are unchanged), unpacked into a
 * scratch project's node_modules beside React and js-sdk, then type-checked with TypeScript:
 * - a small consumer under each `moduleResolution` a Next.js or Vite app uses (`node`, `node16`,
 *   `bundler`): `medusa-fulfillment-ghn/storefront` and `/storefront/react` resolve to the kit's
 *   types (through `typesVersions` for `node`, `exports` for the others);
 * - docs/storefront.md's steps for Medusa's starter, read from the guide and pasted into a pinned
 *   copy of the starter's files (starter-fixture/, MIT, medusajs/dtc-starter at 9233262), checked
 *   with the starter's own tsconfig.json (`strict`, `moduleResolution: "node"`) and no unused locals.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { packPlugin, ROOT } from "../packed/pack"
import { applyGuide } from "./starter-guide"


const FIXTURE = path.join(__dirname, "starter-fixture")
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc")
/** What a storefront has installed beside the kit (linked from this repository's node_modules). */
const BESIDE = ["react", "react-dom", "@types/react", "@types/react-dom", "@types/node", "@medusajs/js-sdk", "@medusajs/types", "@medusajs/icons", "clsx"]

/** Runs the TypeScript compiler on a project; its report (empty when the project type-checks). */
function typeCheck(project: string) {
  const run = spawnSync(process.execPath, [TSC, "-p", project, "--pretty", "false"], { encoding: "utf8", cwd: path.dirname(project) })
  return { status: run.status, report: `${run.stdout}${run.stderr}`.trim() }
}

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

describe("the storefront kit, packed, in a storefront's TypeScript", () => {
  let work: string
  let tarball: string

  beforeAll(async () => {
    tarball = await packPlugin()
    work = fs.mkdtempSync(path.join(os.tmpdir(), "ghn-kit-"))
    const modules = path.join(work, "node_modules")
    const kit = path.join(modules, "medusa-fulfillment-ghn")
    fs.mkdirSync(kit, { recursive: true })
    const untar = spawnSync("tar", ["xzf", tarball, "-C", kit, "--strip-components=1"])
    if (untar.status !== 0) throw new Error(`tar could not read ${tarball}: ${untar.stderr}`)
    for (const name of BESIDE) {
      fs.mkdirSync(path.dirname(path.join(modules, name)), { recursive: true })
      fs.symlinkSync(path.join(ROOT, "node_modules", name), path.join(modules, name), "dir")
    }
  })

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  test("the package carries the kit's JavaScript, declarations and stylesheet, each reachable by its import", () => {
    const resolve = (request: string) => require.resolve(request, { paths: [work] })
    expect(path.relative(work, resolve("medusa-fulfillment-ghn/storefront"))).toBe("node_modules/medusa-fulfillment-ghn/.medusa/server/src/storefront/index.js")
    expect(path.relative(work, resolve("medusa-fulfillment-ghn/storefront/react"))).toBe("node_modules/medusa-fulfillment-ghn/.medusa/server/src/storefront/react/index.js")
    const css = resolve("medusa-fulfillment-ghn/storefront/styles.css")
    expect(fs.readFileSync(css, "utf8")).toContain(".ghn-combobox-label")
    for (const declaration of ["storefront/index.d.ts", "storefront/react/index.d.ts", "storefront/shipping-options.d.ts", "storefront/react/class-names.d.ts"]) {
      expect(fs.existsSync(path.join(work, "node_modules/medusa-fulfillment-ghn/.medusa/server/src", declaration))).toBe(true)
    }
  })

  const CONSUMER = `import { createGhnStoreClient, fetchTransport, partitionGhnOptions, type GhnStoreErrorBody } from "medusa-fulfillment-ghn/storefront"
import { GhnAddressFields, GhnDeliveryEstimate, GhnOrderTracking, GhnShippingError, type GhnFieldClassNames } from "medusa-fulfillment-ghn/storefront/react"

const client = createGhnStoreClient(fetchTransport({ baseUrl: "http://localhost:9000", publishableKey: "pk_test" }))
const classNames: GhnFieldClassNames = { field: "f", label: "l", input: "i", list: "u", option: "o", error: "e" }
const errors: Record<string, GhnStoreErrorBody> = { so_2: { status: 400, code: "parcel_wrong_service", message: "", params: { service_type_id: 5, limit_g: 20000 } } }
const { options, reason } = partitionGhnOptions([{ id: "so_1", provider_id: "ghn_ghn" }, { id: "so_2", provider_id: "ghn_ghn" }], errors)
export const page = (
  <>
    <GhnAddressFields client={client} locale="vi" classNames={classNames} className="contents" floatingLabels />
    {options.map((option) => <GhnDeliveryEstimate key={option.id} client={client} cartId="cart_1" optionId={option.id} className="text-small-regular" />)}
    <GhnShippingError error={reason} classNames={{ root: "text-error" }} />
    <GhnOrderTracking client={client} orderId="order_1" classNames={{ parcel: "p", timeline: "t" }} />
  </>
)
// @ts-expect-error the kit's own types are read: a province id is a number
void client.districts("202")
`

  test.each([
    ["node", "esnext", false],
    ["node16", "node16", true],
    ["bundler", "esnext", false],
  ])("a consumer type-checks with moduleResolution %s", (moduleResolution, module, esm) => {
    const dir = path.join(work, `consumer-${moduleResolution}`)
    write(path.join(dir, "package.json"), JSON.stringify({ name: `consumer-${moduleResolution}`, private: true, ...(esm ? { type: "module" } : {}) }))
    write(path.join(dir, "index.tsx"), CONSUMER)
    write(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "es2022", lib: ["dom", "dom.iterable", "es2022"], module, moduleResolution, jsx: "react-jsx", strict: true, noEmit: true, skipLibCheck: false, esModuleInterop: true },
        include: ["index.tsx"],
      })
    )
    expect(typeCheck(path.join(dir, "tsconfig.json"))).toEqual({ status: 0, report: "" })
  })

  test("docs/storefront.md's steps, pasted into the starter's files, type-check with the starter's strict tsconfig", () => {
    const starter = path.join(work, "starter")
    fs.cpSync(path.join(FIXTURE, "src"), path.join(starter, "src"), { recursive: true })
    fs.copyFileSync(path.join(FIXTURE, "tsconfig.json"), path.join(starter, "tsconfig.json"))
    const own = JSON.parse(fs.readFileSync(path.join(starter, "tsconfig.json"), "utf8")).compilerOptions
    expect(own).toMatchObject({ strict: true, moduleResolution: "node" })

    const changed = applyGuide(fs.readFileSync(path.join(ROOT, "docs", "storefront.md"), "utf8"), starter)
    // Every starter file the fixture keeps is one the guide changes, and the other way round.
    const kept = fs.readdirSync(path.join(FIXTURE, "src"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(FIXTURE, path.join(e.parentPath, e.name)))
    expect(changed.filter((file) => fs.existsSync(path.join(FIXTURE, file))).sort()).toEqual(kept.sort())
    expect(changed).toEqual(expect.arrayContaining(["src/lib/ghn.ts", "src/lib/data/ghn.ts", "src/modules/order/components/ghn-tracking/index.tsx"]))

    // The rest of the starter, as type stubs (at their own paths), laid beside without overwriting.
    fs.cpSync(path.join(FIXTURE, "stubs", "src"), path.join(starter, "src"), { recursive: true, force: false, errorOnExist: true })
    fs.cpSync(path.join(FIXTURE, "stubs", "types"), path.join(starter, "stub-types"), { recursive: true })
    write(
      path.join(starter, "tsconfig.check.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        compilerOptions: { incremental: false, noUnusedLocals: true, plugins: [] },
        include: ["src/**/*.ts", "src/**/*.tsx", "stub-types/*.d.ts"],
      })
    )
    expect(typeCheck(path.join(starter, "tsconfig.check.json"))).toEqual({ status: 0, report: "" })
  })
})
