/**
 * The text a PDF draws, page by page, read back from pdfkit's output (for tests): its streams
 * inflated, each font's ToUnicode map read, each page's text runs decoded in drawing order. Enough
 * for pdfkit's PDFs (Type0 fonts, hex glyph strings in Tj/TJ), not a general PDF reader.
 */
import { inflateSync } from "node:zlib"

type PdfObject = { dict: string; stream?: Buffer }

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString("latin1")
  const out = new Map<number, PdfObject>()
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]
    const at = body.indexOf("stream")
    if (at < 0) {
      out.set(Number(m[1]), { dict: body })
      continue
    }
    const dict = body.slice(0, at)
    const start = m.index + m[0].indexOf(body) + at + "stream".length + (body[at + 6] === "\r" ? 2 : 1)
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0)
    let stream = Buffer.from(pdf.subarray(start, start + length))
    if (/\/FlateDecode/.test(dict)) stream = inflateSync(stream)
    out.set(Number(m[1]), { dict, stream })
  }
  return out
}

/** A ToUnicode CMap's glyph code -> text. */
function cmapOf(stream: string): Map<number, string> {
  const map = new Map<number, string>()
  // A ligature's text is several code units, written with spaces between them (`<0066 0066>`).
  const hexText = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, "").match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))
  for (const block of stream.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
    for (const [, code, uni] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(code, 16), hexText(uni))
  }
  for (const block of stream.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
    for (const [, lo, hi, rest] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const from = parseInt(lo, 16)
      const to = parseInt(hi, 16)
      if (rest.startsWith("[")) [...rest.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, u], i) => map.set(from + i, hexText(u)))
      else for (let c = from; c <= to; c++) map.set(c, String.fromCharCode(parseInt(rest.slice(1, -1).replace(/\s+/g, ""), 16) + (c - from)))
    }
  }
  return map
}

/** Each page's text runs (one per Tj/TJ), in drawing order. */
export function pdfPages(pdf: Buffer): string[][] {
  const objs = objects(pdf)
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1])
  const fontMaps = new Map<number, Map<number, string>>()
  const fontMap = (id: number) => {
    if (!fontMaps.has(id)) {
      const toUnicode = ref(objs.get(id)!.dict, "ToUnicode")
      fontMaps.set(id, toUnicode ? cmapOf(objs.get(toUnicode)!.stream!.toString("latin1")) : new Map())
    }
    return fontMaps.get(id)!
  }
  const pages: string[][] = []
  for (const [, obj] of [...objs.entries()].sort(([a], [b]) => a - b)) {
    if (!/\/Type \/Page\b/.test(obj.dict)) continue
    const resources = objs.get(ref(obj.dict, "Resources"))?.dict ?? obj.dict
    const fonts = new Map<string, number>()
    for (const [, name, id] of (/\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? "").matchAll(/\/(\w+) (\d+) 0 R/g)) fonts.set(name, Number(id))
    const content = objs.get(ref(obj.dict, "Contents"))!.stream!.toString("latin1")
    const runs: string[] = []
    let font: Map<number, string> = new Map()
    for (const [, name, tj] of content.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
      if (name) font = fontMap(fonts.get(name)!)
      else if (tj) runs.push([...tj.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => (hex.match(/.{4}/g) ?? []).map((g) => font.get(parseInt(g, 16)) ?? "").join("")).join(""))
    }
    pages.push(runs)
  }
  // Pages in the order the page tree lists them (pdfkit writes them in order).
  return pages
}
