/**
 * Scanning a shipping run's parcels at the door: a GHN code read from a label (a USB scanner types
 * it and Enter, a phone camera reads the barcode) against the run's parcels. Pure: no Node, no Medusa.
 */

/** Longest code a scan may carry: GHN's order codes and the store's client order codes are far shorter. */
export const MAX_SCANNED_CODE = 64

/** A scanned code as compared: no spaces or control characters, upper case (`  lbk3 qx\r` -> `LBK3QX`). Empty when nothing is left. */
export function scannedCode(raw: string): string {
  return raw.normalize("NFKC").replace(/[\s\u0000-\u001f\u007f]+/g, "").toUpperCase().slice(0, MAX_SCANNED_CODE)
}

/**
 * What a scan found: one of the run's parcels (`parcel`), one scanned already in this check
 * (`repeat`), a parcel of another run (`foreign`, with its run), or no parcel of any run (`unknown`).
 */
export type ScanResult = "parcel" | "repeat" | "foreign" | "unknown"

export type ScanEntry = { code: string; at: string; by: string | null; result: ScanResult; order_code: string | null; run_id: string | null }

/** The run's parcels as a check knows them: GHN's code and the store's client order code. */
export type ScannableParcel = { order_code: string; client_order_code: string | null }

/** The parcel of the run a scanned code names (by GHN's code or the client order code), if any. */
export function parcelOfCode(parcels: ScannableParcel[], code: string): ScannableParcel | undefined {
  return parcels.find((p) => p.order_code.toUpperCase() === code || (p.client_order_code ?? "").toUpperCase() === code)
}

/** The GHN codes of the run's parcels a check's scans found, and those it did not. */
export function scanProgress(parcels: ScannableParcel[], entries: ScanEntry[]): { scanned: string[]; missing: string[] } {
  const found = new Set(entries.filter((e) => e.result === "parcel").map((e) => e.order_code))
  return { scanned: parcels.filter((p) => found.has(p.order_code)).map((p) => p.order_code), missing: parcels.filter((p) => !found.has(p.order_code)).map((p) => p.order_code) }
}
