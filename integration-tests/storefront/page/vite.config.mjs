// The storefront test's page, built by the test (integration-tests/storefront/storefront.spec.ts)
// into the folder GHN_PAGE_OUT names: the kit from src/storefront, React and @medusajs/js-sdk
// from node_modules, as a storefront bundles them.
import { fileURLToPath } from "node:url"

export default {
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  logLevel: "warn",
  esbuild: { jsx: "automatic" },
  build: { outDir: process.env.GHN_PAGE_OUT, emptyOutDir: true, minify: false, reportCompressedSize: false },
}
