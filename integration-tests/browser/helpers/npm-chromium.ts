/**
 * Chromium from the npm registry, for machines without a system Chromium: the package
 * @sparticuz/chromium (a devDependency) carries a headless Chromium for Linux x64 and, in
 * bin/al2023.tar.br, the shared libraries it links that a bare Linux lacks (NSS, NSPR, expat), plus
 * SwiftShader and a font. The package itself inflates them into /tmp and points LD_LIBRARY_PATH at
 * the libraries only when it believes it runs on AWS Lambda; here they are inflated the same way
 * into a folder of our own (per version, reused across runs and checkouts), and the launch gets:
 *  - LD_LIBRARY_PATH = the bundle's lib folder first: NSS and friends resolve from the bundle, only
 *    glibc and libgcc_s (present on every Linux that runs Node) from the system;
 *  - FONTCONFIG_PATH = a fonts.conf of our own naming the bundled font and the system's fonts;
 *  - SwiftShader (libGLESv2.so, libEGL.so) beside the binary, where Chromium looks for it.
 * Extraction goes to a temporary folder renamed into place, so concurrent runs never see half a
 * browser.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { createRequire } from "node:module"
import { pipeline } from "node:stream/promises"
import { createBrotliDecompress } from "node:zlib"

export type NpmChromium = { executablePath: string; env: Record<string, string>; dir: string; version: string }

/** The installed package's folder, or null when it is not installed. */
export function npmChromiumPackage(): { dir: string; version: string } | null {
  // The package's exports map hides package.json: find its folder from Node's resolution paths.
  for (const base of require.resolve.paths("@sparticuz/chromium") ?? []) {
    const dir = path.join(base, "@sparticuz", "chromium")
    const manifest = path.join(dir, "package.json")
    if (fs.existsSync(manifest) && fs.existsSync(path.join(dir, "bin", "chromium.br"))) {
      return { dir, version: JSON.parse(fs.readFileSync(manifest, "utf8")).version }
    }
  }
  return null
}

/** Why the npm Chromium cannot run here, or null when it can. */
export function npmChromiumUnavailable(): string | null {
  if (process.platform !== "linux" || process.arch !== "x64") return `@sparticuz/chromium ships a Linux x64 build only (this is ${process.platform} ${process.arch})`
  if (!npmChromiumPackage()) return "@sparticuz/chromium is not installed (npm install)"
  return null
}

async function inflate(file: string, to: string, tar: boolean) {
  const source = fs.createReadStream(file, { highWaterMark: 2 ** 22 })
  const brotli = createBrotliDecompress({ chunkSize: 2 ** 21 })
  if (tar) {
    // tar-fs is the package's own dependency: resolve it from there.
    const { extract } = createRequire(path.join(npmChromiumPackage()!.dir, "package.json"))("tar-fs")
    await pipeline(source, brotli, extract(to))
  } else {
    await pipeline(source, brotli, fs.createWriteStream(to, { mode: 0o755 }))
  }
}

/** Inflates the package's browser (once per version) and returns how to launch it. */
export async function npmChromium(): Promise<NpmChromium> {
  const why = npmChromiumUnavailable()
  if (why) throw new Error(why)
  const pkg = npmChromiumPackage()!
  const uid = typeof process.getuid === "function" ? process.getuid() : 0
  const dir = process.env.GHN_CHROMIUM_CACHE || path.join(os.tmpdir(), `ghn-sparticuz-chromium-${pkg.version}-${uid}`)
  const executablePath = path.join(dir, "chromium")
  if (!fs.existsSync(path.join(dir, ".complete"))) {
    const work = `${dir}.partial-${process.pid}-${Date.now()}`
    fs.mkdirSync(work, { recursive: true })
    try {
      const bin = path.join(pkg.dir, "bin")
      await Promise.all([
        inflate(path.join(bin, "chromium.br"), path.join(work, "chromium"), false),
        inflate(path.join(bin, "swiftshader.tar.br"), work, true),
        inflate(path.join(bin, "fonts.tar.br"), path.join(work, "fonts"), true),
        inflate(path.join(bin, "al2023.tar.br"), path.join(work, "al2023"), true),
      ])
      fs.chmodSync(path.join(work, "chromium"), 0o755)
      // The bundled fonts.conf names Lambda's folders and /tmp/fonts: ours names this folder and
      // the system's fonts (Vietnamese text renders with whichever covers it).
      fs.writeFileSync(
        path.join(work, "fonts", "fonts.conf"),
        [
          '<?xml version="1.0"?>',
          '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
          "<fontconfig>",
          `  <dir>${path.join(dir, "fonts", "fonts")}</dir>`,
          "  <dir>/usr/share/fonts</dir>",
          "  <dir>/usr/local/share/fonts</dir>",
          `  <cachedir>${path.join(dir, "fonts-cache")}</cachedir>`,
          "</fontconfig>",
          "",
        ].join("\n")
      )
      fs.writeFileSync(path.join(work, ".complete"), `${pkg.version}\n`)
      try {
        fs.renameSync(work, dir)
      } catch (error) {
        // Another run finished first (the folder exists): use theirs.
        if (!fs.existsSync(path.join(dir, ".complete"))) throw error
        fs.rmSync(work, { recursive: true, force: true })
      }
    } catch (error) {
      fs.rmSync(work, { recursive: true, force: true })
      throw error
    }
  }
  const libs = path.join(dir, "al2023", "lib")
  return {
    executablePath,
    dir,
    version: pkg.version,
    env: {
      LD_LIBRARY_PATH: [libs, ...(process.env.LD_LIBRARY_PATH ? [process.env.LD_LIBRARY_PATH] : [])].join(":"),
      FONTCONFIG_PATH: path.join(dir, "fonts"),
    },
  }
}
