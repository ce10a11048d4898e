import { foldVietnamese } from "../lib/address/address"
import type { ShopperAddressCandidate } from "../lib/checkout/shopper-errors"
import type { GhnStoreClient, GhnUnit } from "./client"

/**
 * The address picker's state, without React: the shopper picks province -> district -> ward
 * (legacy model) or province -> ward (the 2025 model); choosing a unit clears the ones below it.
 * `useGhnAddress` (./react) drives it; another UI kit can too.
 */

export type AddressModel = "legacy" | "new"
export type AddressLevel = "province" | "district" | "ward"
export type PickedUnit = GhnUnit<number> | GhnUnit<string>

export const LEVELS: Record<AddressModel, readonly AddressLevel[]> = {
  legacy: ["province", "district", "ward"],
  new: ["province", "ward"],
}

export type AddressPickerState = {
  model: AddressModel
  picked: Partial<Record<AddressLevel, PickedUnit>>
  /** each level's list, loaded for the unit picked above it */
  lists: Partial<Record<AddressLevel, PickedUnit[]>>
  loading: Partial<Record<AddressLevel, boolean>>
  /** a list that failed to load */
  error?: { level: AddressLevel; message: string }
}

export type AddressPickerAction =
  | { type: "model"; model: AddressModel }
  | { type: "pick"; level: AddressLevel; unit: PickedUnit | undefined }
  | { type: "loading"; level: AddressLevel }
  | { type: "loaded"; level: AddressLevel; units: PickedUnit[]; parentId: number | string | undefined }
  | { type: "failed"; level: AddressLevel; message: string }
  | { type: "retry" }

export function initialPickerState(model: AddressModel = "legacy", picked: AddressPickerState["picked"] = {}): AddressPickerState {
  return { model, picked, lists: {}, loading: {} }
}

/** The levels below one, in the state's model. */
function below(model: AddressModel, level: AddressLevel): readonly AddressLevel[] {
  const levels = LEVELS[model]
  return levels.slice(levels.indexOf(level) + 1)
}

/** The level whose picked unit a level's list depends on (none for provinces). */
export function parentLevel(model: AddressModel, level: AddressLevel): AddressLevel | undefined {
  const levels = LEVELS[model]
  return levels[levels.indexOf(level) - 1]
}

export function pickerReducer(state: AddressPickerState, action: AddressPickerAction): AddressPickerState {
  switch (action.type) {
    case "model":
      // Ids of one model mean nothing in the other: start again.
      return action.model === state.model ? state : initialPickerState(action.model)
    case "pick": {
      if (!LEVELS[state.model].includes(action.level)) return state
      if (action.unit && state.picked[action.level]?.id === action.unit.id) return state
      const picked = { ...state.picked, [action.level]: action.unit }
      const lists = { ...state.lists }
      for (const level of below(state.model, action.level)) {
        delete picked[level]
        delete lists[level]
      }
      return { ...state, picked, lists }
    }
    case "loading":
      return { ...state, loading: { ...state.loading, [action.level]: true }, error: state.error?.level === action.level ? undefined : state.error }
    case "loaded": {
      // A list for a parent the shopper has since left arrives late: drop it.
      const parent = parentLevel(state.model, action.level)
      if (parent && state.picked[parent]?.id !== action.parentId) return state
      return { ...state, lists: { ...state.lists, [action.level]: action.units }, loading: { ...state.loading, [action.level]: false } }
    }
    case "failed":
      return { ...state, loading: { ...state.loading, [action.level]: false }, error: { level: action.level, message: action.message } }
    case "retry":
      return { ...state, error: undefined }
  }
}

/** The list to load: the first level without its list, once its parent is picked. */
export function nextListToLoad(state: AddressPickerState): { level: AddressLevel; parentId: number | string | undefined } | undefined {
  for (const level of LEVELS[state.model]) {
    const parent = parentLevel(state.model, level)
    const parentId = parent ? state.picked[parent]?.id : undefined
    if (parent && parentId === undefined) return undefined
    // A list being loaded is still the next one (a caller keys its load on it); a failed one waits for a retry.
    if (!state.lists[level]) return state.error?.level === level ? undefined : { level, parentId }
  }
  return undefined
}

/** Loads one level's list with the store client. */
export function loadList(client: GhnStoreClient, model: AddressModel, level: AddressLevel, parentId: number | string | undefined): Promise<PickedUnit[]> {
  const id = Number(parentId)
  if (model === "new") return level === "province" ? client.newProvinces() : client.newWards(id)
  if (level === "province") return client.provinces()
  return level === "district" ? client.districts(id) : client.wards(id)
}

/** The address metadata keys the plugin's address resolution reads (src/lib/address/address-resolver.ts). */
export const GHN_METADATA_KEYS = ["ghn_district_id", "ghn_ward_code", "ghn_province_id", "ghn_ward_id"] as const

export type GhnAddressMetadata = {
  /** legacy model */
  ghn_district_id?: number
  ghn_ward_code?: string
  /** new model */
  ghn_province_id?: number
  ghn_ward_id?: number
}

/** What the picker writes into a Medusa address. */
export type GhnAddressFields = {
  province: string
  /** the district (legacy model) or the ward (new model, which has no district) */
  city: string
  /** the ward */
  address_2: string
  metadata: Record<string, unknown> & GhnAddressMetadata
}

/**
 * The address fields once every level is picked (undefined before): GHN's names in `province`,
 * `city` and `address_2`, its ids in `metadata` (the other model's keys removed, other keys kept).
 */
export function addressFieldsOf(state: AddressPickerState, metadata: Record<string, unknown> = {}): GhnAddressFields | undefined {
  const { province, district, ward } = state.picked
  const kept = Object.fromEntries(Object.entries(metadata).filter(([key]) => !(GHN_METADATA_KEYS as readonly string[]).includes(key)))
  if (state.model === "legacy") {
    if (!province || !district || !ward) return undefined
    return {
      province: province.name,
      city: district.name,
      address_2: ward.name,
      metadata: { ...kept, ghn_district_id: Number(district.id), ghn_ward_code: String(ward.id) },
    }
  }
  if (!province || !ward) return undefined
  return {
    province: province.name,
    city: ward.name,
    address_2: ward.name,
    metadata: { ...kept, ghn_province_id: Number(province.id), ghn_ward_id: Number(ward.id) },
  }
}

/** An address saved before (ids in its metadata, names in its fields), to show it picked again. */
export type SavedAddress = { province?: string | null; city?: string | null; address_2?: string | null; metadata?: Record<string, unknown> | null }

/** The model a saved address was picked in, by its metadata. */
export function modelOfSaved(address: SavedAddress | undefined): AddressModel | undefined {
  const meta = address?.metadata ?? {}
  if (meta.ghn_district_id != null && meta.ghn_ward_code != null) return "legacy"
  if (meta.ghn_province_id != null && meta.ghn_ward_id != null) return "new"
  return undefined
}

/**
 * The unit of a freshly loaded list that a saved address names, so a returning shopper sees it
 * picked: by id where the metadata has one (district, ward), else by its folded name (an address
 * typed before, or read without its metadata: Medusa's store cart leaves `shipping_address.metadata`
 * out unless asked for). Ids of the other model mean the address was picked there: none.
 */
export function savedUnitOf(address: SavedAddress | undefined, model: AddressModel, level: AddressLevel, units: readonly PickedUnit[]): PickedUnit | undefined {
  const savedModel = modelOfSaved(address)
  if (!address || (savedModel && savedModel !== model)) return undefined
  const meta = address.metadata ?? {}
  const id =
    model === "legacy"
      ? { province: undefined, district: meta.ghn_district_id, ward: meta.ghn_ward_code }[level]
      : { province: meta.ghn_province_id, district: undefined, ward: meta.ghn_ward_id }[level]
  if (id != null) return units.find((unit) => String(unit.id) === String(id))
  const name = level === "province" ? address.province : level === "district" ? address.city : address.address_2
  const folded = foldVietnamese(name ?? "")
  return folded ? units.find((unit) => foldVietnamese(unit.name) === folded) : undefined
}

/**
 * The address fields of a candidate the store API offered with an ambiguous or unknown address
 * (its `params.candidates`): the shopper picks one and the address carries its ids.
 */
export function candidateFieldsOf(candidate: ShopperAddressCandidate, metadata: Record<string, unknown> = {}): GhnAddressFields | undefined {
  const province = { id: candidate.province_id, name: candidate.province_name, aliases: [] }
  if (candidate.model === "legacy") {
    if (candidate.district_id === undefined || !candidate.ward_code) return undefined
    const state = initialPickerState("legacy", {
      province,
      district: { id: candidate.district_id, name: candidate.district_name ?? "", aliases: [] },
      ward: { id: candidate.ward_code, name: candidate.ward_name ?? "", aliases: [] },
    })
    return addressFieldsOf(state, metadata)
  }
  if (candidate.ward_id === undefined) return undefined
  return addressFieldsOf(initialPickerState("new", { province, ward: { id: candidate.ward_id, name: candidate.ward_name ?? "", aliases: [] } }), metadata)
}

/** What a saved address needs its customer to choose (the plugin's saved-address resolution wrote it). */
export type SavedAddressChoice = { code: string; part: string; candidates: ShopperAddressCandidate[] }

/** The choice a saved address waits for, if any (`metadata.ghn_choice`). */
export function savedAddressChoiceOf(address: SavedAddress | undefined): SavedAddressChoice | undefined {
  const choice = (address?.metadata ?? {}).ghn_choice as Partial<SavedAddressChoice> | undefined
  return choice && Array.isArray(choice.candidates) && choice.candidates.length ? (choice as SavedAddressChoice) : undefined
}

/**
 * The address fields of the candidate the customer chose: its names and ids, the address's other
 * metadata kept, and `ghn_choice` set to "" (Medusa removes a metadata key set to "" when it
 * merges an update, so saving the fields clears the question).
 */
export function chosenFieldsOf(candidate: ShopperAddressCandidate, metadata: Record<string, unknown> = {}): GhnAddressFields | undefined {
  const { ghn_choice: _asked, ...kept } = metadata
  const fields = candidateFieldsOf(candidate, kept)
  return fields && { ...fields, metadata: { ...fields.metadata, ghn_choice: "" } }
}
