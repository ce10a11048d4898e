import { KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react"
import type { PickedUnit } from "../address-state"
import { searchUnits } from "../search"
import { type GhnFieldClassNames, withClass } from "./class-names"

/**
 * The DOM members used here, typed by hand: the plugin compiles without TypeScript's DOM library
 * (its server code would clash with it).
 */
type TextInput = { value: string; select(): void }
type Scrollable = { querySelector(selector: string): { scrollIntoView?(options: { block: "nearest" }): void } | null }

export type GhnComboboxProps = {
  label: string
  units: PickedUnit[]
  picked: PickedUnit | undefined
  onPick: (unit: PickedUnit) => void
  disabled?: boolean
  loading?: boolean
  placeholder?: string
  /** read by assistive technology while the list is empty or loading */
  loadingText: string
  noMatchText: string
  resultsText: (count: number) => string
  /** test and styling hook: data-ghn-level */
  level: string
  /** the host's classes for the box, label, input, list and options */
  classNames?: GhnFieldClassNames
}

/**
 * One level of the address: a text box that filters its list as the shopper types (accents
 * folded) and a list box, after WAI-ARIA's "combobox with list autocomplete": ArrowDown/ArrowUp
 * move through the matches, Enter picks, Escape closes and restores the picked name, Tab leaves.
 */
export function GhnCombobox(props: GhnComboboxProps) {
  const { label, units, picked, onPick, disabled, loading, placeholder, level, classNames = {} } = props
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState(picked?.name ?? "")
  const [typing, setTyping] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLUListElement>(null)

  // Show the picked name whenever the shopper is not typing (a saved address, a pick elsewhere).
  useEffect(() => {
    if (!typing) setText(picked?.name ?? "")
  }, [picked, typing])

  const matches = useMemo(() => (typing ? searchUnits(units, text) : units), [units, text, typing])
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1))
  const optionId = (index: number) => `${id}-option-${index}`

  useEffect(() => {
    if (!open) return
    const list = listRef.current as Scrollable | null
    list?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView?.({ block: "nearest" })
  }, [open, activeIndex])

  const choose = (unit: PickedUnit | undefined) => {
    if (!unit) return
    onPick(unit)
    setText(unit.name)
    setTyping(false)
    setOpen(false)
  }

  const close = () => {
    setOpen(false)
    setTyping(false)
    setText(picked?.name ?? "")
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault()
        if (!open) {
          setOpen(true)
          // Open on the picked unit, as a select does.
          const index = picked ? matches.findIndex((unit) => unit.id === picked.id) : -1
          setActive(index >= 0 ? index : 0)
          return
        }
        const step = event.key === "ArrowDown" ? 1 : -1
        setActive((activeIndex + step + matches.length) % Math.max(1, matches.length))
        return
      }
      case "Enter":
        if (open && matches.length) {
          event.preventDefault() // picking is not submitting the form
          choose(matches[activeIndex])
        }
        return
      case "Escape":
        if (open) {
          event.preventDefault()
          close()
        }
        return
      case "Tab":
        // Leaving with a single match typed out picks it, as shoppers expect.
        if (typing && open && matches.length === 1) choose(matches[0])
        return
    }
  }

  const status = loading ? props.loadingText : open && typing ? (matches.length ? props.resultsText(matches.length) : props.noMatchText) : ""

  return (
    // The input comes before its label, as in the Next.js starter's fields: CSS floating labels
    // select `input:focus ~ label` and `input:not(:placeholder-shown) ~ label`.
    <div className={withClass("ghn-combobox", classNames.field)} data-ghn-level={level}>
      <input
        id={`${id}-input`}
        className={withClass("ghn-combobox-input", classNames.input)}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches.length ? optionId(activeIndex) : undefined}
        aria-busy={loading || undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText((event.target as unknown as TextInput).value)
          setTyping(true)
          setOpen(true)
          setActive(0)
        }}
        onFocus={(event) => (event.target as unknown as TextInput).select()}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <label htmlFor={`${id}-input`} className={withClass("ghn-combobox-label", classNames.label)}>
        {label}
      </label>
      <ul id={listId} ref={listRef} role="listbox" aria-label={label} className={withClass("ghn-combobox-list", classNames.list)} hidden={!open}>
        {open &&
          matches.map((unit, index) => (
            <li
              key={String(unit.id)}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={index === activeIndex}
              data-picked={picked?.id === unit.id || undefined}
              className={withClass("ghn-combobox-option", classNames.option)}
              // mousedown, not click: the input keeps its focus and its blur does not close first
              onMouseDown={(event) => {
                event.preventDefault()
                choose(unit)
              }}
              onMouseEnter={() => setActive(index)}
            >
              {unit.name}
            </li>
          ))}
      </ul>
      <span className="ghn-combobox-status" role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
        {status}
      </span>
    </div>
  )
}

const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const
