// The storefront test's page, built by the test (integration-tests/storefront/storefront.spec.ts)
// into the folder GHN_PAGE_OUT names: the kit from src/storefront, React and @medusajs/js-sdk
// from node_modules, as a storefront bundles them; the starter look's CSS through Tailwind.
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"

const require = createRequire(import.meta.url)
const tailwindcss = require("tailwindcss")

/** Class names of docs/storefront.md's step 3 (src/lib/ghn.ts), so the page wears what the guide says (as starter-guide.ts's guideClassNames reads them). */
function guideClassNames(name) {
  const guide = readFileSync(fileURLToPath(new URL("../../../docs/storefront.md", import.meta.url)), "utf8")
  const literal = new RegExp(`export const ${name}: \\w+ = (\\{[\\s\\S]*?\\n\\})`).exec(guide)?.[1]
  if (!literal) throw new Error(`docs/storefront.md has no ${name} in step 3`)
  return Function(`return (${literal})`)()
}

export default {
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  logLevel: "warn",
  esbuild: { jsx: "automatic" },
  define: {
    __GUIDE_FIELD_CLASSES__: JSON.stringify(guideClassNames("ghnFieldClassNames")),
    __GUIDE_TRACKING_CLASSES__: JSON.stringify(guideClassNames("ghnTrackingClassNames")),
  },
  css: { postcss: { plugins: [tailwindcss(fileURLToPath(new URL("./tailwind.config.cjs", import.meta.url)))] } },
  build: { outDir: process.env.GHN_PAGE_OUT, emptyOutDir: true, minify: false, reportCompressedSize: false },
}
