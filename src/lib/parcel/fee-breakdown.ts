/**
 * GHN's fee breakdown of a parcel, kept in one shape: the spec's Order fee names in snake case
 * (`main_service`, `r2s`, `cod_failed_fee`), as Create Order answers. Callbacks send the same
 * parts in Pascal case (`MainService`, `R2S`, `CODFailedFee`); they are renamed when the callback
 * is parsed, so a shipment's `fees` never holds two names for one part.
 */

/** The callback's names that a plain split of the words would get wrong. */
const CALLBACK_NAMES: Record<string, string> = {
  CODFee: "cod_fee",
  CODFailedFee: "cod_failed_fee",
  StationDO: "station_do",
  StationPU: "station_pu",
  R2S: "r2s",
}

/** A fee part's name as the breakdown keeps it (`MainService` -> `main_service`, `R2S` -> `r2s`). */
export function feeKey(name: string): string {
  return CALLBACK_NAMES[name] ?? name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()
}

/**
 * A breakdown in the kept shape. `Total` is left out (the parcel keeps `total_fee`). When a part
 * comes under both names (shipments recorded before the renaming), the callback's is the newer.
 */
export function feeBreakdown(fees: Record<string, unknown> | null | undefined): Record<string, number> {
  const out: Record<string, number> = {}
  const fromCallback = new Set<string>()
  for (const [name, value] of Object.entries(fees ?? {})) {
    const key = feeKey(name)
    const amount = Number(value)
    if (key === "total" || value === null || value === undefined || !Number.isFinite(amount)) continue
    const pascal = /^[A-Z]/.test(name)
    if (key in out && fromCallback.has(key) && !pascal) continue
    out[key] = amount
    if (pascal) fromCallback.add(key)
  }
  return out
}

/** One part of a breakdown, 0 when GHN gave none. */
export const feePart = (fees: Record<string, unknown> | null | undefined, key: string): number => feeBreakdown(fees)[key] ?? 0
