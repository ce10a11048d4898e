import { useEffect, useMemo, useReducer, useRef } from "react"
import {
  AddressLevel, AddressModel, addressFieldsOf, GhnAddressFields, initialPickerState, LEVELS, loadList, modelOfSaved,
  nextListToLoad, parentLevel, PickedUnit, pickerReducer, SavedAddress, savedUnitOf,
} from "../address-state"
import type { GhnStoreClient } from "../client"
import { ghnErrorMessage, LABELS, ShopperLocale } from "../messages"

export type UseGhnAddressOptions = {
  client: GhnStoreClient
  /** legacy: province -> district -> ward; new: province -> ward (2025). Default: the saved address's, else legacy. */
  model?: AddressModel
  locale?: ShopperLocale
  /** the address as saved (its metadata ids), shown picked again */
  value?: SavedAddress
  /** called with the fields once every level is picked, with undefined when a pick is undone */
  onChange?: (fields: GhnAddressFields | undefined) => void
}

export type GhnAddressLevelView = {
  level: AddressLevel
  label: string
  /** the level's list (empty until its parent is picked and the list has loaded) */
  units: PickedUnit[]
  picked: PickedUnit | undefined
  loading: boolean
  /** the parent level is not picked yet */
  disabled: boolean
  error: string | undefined
  pick: (unit: PickedUnit | undefined) => void
}

/**
 * The headless address picker: loads each level's list from the plugin's store routes as the
 * shopper picks the level above, and reports the address fields (names + GHN ids in metadata)
 * once complete. Any UI kit can render its `levels`; GhnAddressFields is one rendering.
 */
export function useGhnAddress({ client, model, locale = "vi", value, onChange }: UseGhnAddressOptions) {
  const [state, dispatch] = useReducer(pickerReducer, undefined, () => initialPickerState(model ?? modelOfSaved(value) ?? "legacy"))
  const saved = useRef(value)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  useEffect(() => {
    if (model) dispatch({ type: "model", model })
  }, [model])

  // One list at a time, each once its parent is picked; a saved address is picked again level by level.
  const next = nextListToLoad(state)
  useEffect(() => {
    if (!next) return
    let current = true
    dispatch({ type: "loading", level: next.level })
    loadList(client, state.model, next.level, next.parentId).then(
      (units) => {
        if (!current) return
        dispatch({ type: "loaded", level: next.level, units, parentId: next.parentId })
        const again = savedUnitOf(saved.current, state.model, next.level, units)
        if (again) dispatch({ type: "pick", level: next.level, unit: again })
        else saved.current = undefined // the shopper picks from here on
      },
      (error: unknown) => current && dispatch({ type: "failed", level: next.level, message: ghnErrorMessage(error, locale) })
    )
    return () => {
      current = false
    }
    // Keyed on the level and parent to load, not on `next` itself (a new object every render).
  }, [client, state.model, next?.level, next?.parentId, locale])

  const metadata = value?.metadata ?? undefined
  const fields = useMemo(() => addressFieldsOf(state, metadata ?? {}), [state.model, state.picked, metadata])
  const reported = useRef<string | undefined>(undefined)
  const report = (next: GhnAddressFields | undefined) => {
    const key = JSON.stringify(next ?? null)
    if (key === reported.current) return
    reported.current = key
    onChangeRef.current?.(next)
  }
  // Fields that change with no pick of the shopper's (a saved address picked again as its lists load, a model switch).
  useEffect(() => {
    if (reported.current === undefined && !fields) {
      reported.current = JSON.stringify(null)
      return // nothing picked yet: nothing to report
    }
    report(fields)
  }, [fields])

  const labels = LABELS[locale]
  const levels: GhnAddressLevelView[] = LEVELS[state.model].map((level) => {
    const parent = parentLevel(state.model, level)
    return {
      level,
      label: labels[level],
      units: state.lists[level] ?? [],
      picked: state.picked[level],
      loading: !!state.loading[level],
      disabled: !!parent && !state.picked[parent],
      error: state.error?.level === level ? state.error.message : undefined,
      pick: (unit) => {
        saved.current = undefined
        const action = { type: "pick", level, unit } as const
        dispatch(action)
        // Reported in the shopper's own event, not in an effect after it: the host's state then
        // changes in the same render, so a submission right after the pick (a Tab, then Enter) sees it.
        report(addressFieldsOf(pickerReducer(state, action), metadata ?? {}))
      },
    }
  })

  return {
    model: state.model,
    levels,
    /** the address fields once every level is picked */
    fields,
    setModel: (next: AddressModel) => dispatch({ type: "model", model: next }),
    /** loads a list that failed again */
    retry: () => dispatch({ type: "retry" }),
  }
}
