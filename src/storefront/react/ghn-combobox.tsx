import { KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react"
import { createPortal } from "react-dom"
import type { PickedUnit } from "../address-state"
import { listPlacement, type ListPlacement, samePlacement } from "../list-placement"
import { searchUnits } from "../search"
import { type GhnFieldClassNames, withClass } from "./class-names"

/**
 * The DOM members used here, typed by hand: the plugin compiles without TypeScript's DOM library
 * (its server code would clash with it).
 */
type Rect = { top: number; bottom: number; left: number; width: number }
type View = Listening & { innerWidth: number; innerHeight: number; visualViewport?: { height: number; offsetTop: number } | null }
/** The page the input is in (its own document and window, never a global: an iframe's field uses its frame's). */
type TextInput = {
  value: string
  select(): void
  setCustomValidity(message: string): void
  getBoundingClientRect(): Rect
  focus(): void
  ownerDocument?: { body: unknown; defaultView: View | null }
}
type ListElement = { scrollHeight: number; querySelector(selector: string): { scrollIntoView?(options: { block: "nearest" }): void } | null }
type Listening = {
  addEventListener(type: string, listener: () => void, options?: boolean | { capture?: boolean; passive?: boolean }): void
  removeEventListener(type: string, listener: () => void, options?: boolean | { capture?: boolean }): void
}
// The kit is typed without the DOM's library; in a browser `document` is there, on a server it is not.
declare const document: unknown
// useLayoutEffect positions the list before it is painted; on a server (Next.js renders client components there too) it would warn.
const useBrowserLayoutEffect = typeof document !== "undefined" ? useLayoutEffect : useEffect

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
  /**
   * A pick is required: a mark after the label (`*`, as the starter's fields), `aria-required`,
   * and a form submitted without a pick is stopped with `requiredText` shown under the field.
   */
  required?: boolean
  /** the message of a required level left empty ("Vui lòng chọn tỉnh/thành phố") */
  requiredText?: string
}

/**
 * One level of the address: a text box that filters its list as the shopper types (accents
 * folded) and a list box, after WAI-ARIA's "combobox with list autocomplete": ArrowDown/ArrowUp
 * move through the matches, Enter picks, Escape closes and restores the picked name, Tab leaves.
 * The list is rendered in a portal on document.body, fixed to its input (below it, or above when
 * there is no room below), so no stacking context of the host's (a `relative z-0` field) paints
 * the next field over it.
 */
export function GhnCombobox(props: GhnComboboxProps) {
  const { label, units, picked, onPick, disabled, loading, placeholder, level, classNames = {}, required, requiredText } = props
  const id = useId()
  const listId = `${id}-list`
  const errorId = `${id}-error`
  const [text, setText] = useState(picked?.name ?? "")
  const [typing, setTyping] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [portalTarget, setPortalTarget] = useState<unknown>(null)
  const [placement, setPlacement] = useState<ListPlacement>()
  const [missing, setMissing] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  // A press on an option (mouse or touch) is under way: the input's blur must not close the list before its click lands.
  const pressing = useRef(false)

  // The portal goes on the input's own document's body: known once mounted in a browser, never on a server.
  useEffect(() => setPortalTarget((inputRef.current as unknown as TextInput | null)?.ownerDocument?.body ?? null), [])

  // Show the picked name whenever the shopper is not typing (a saved address, a pick elsewhere).
  useEffect(() => {
    if (!typing) setText(picked?.name ?? "")
  }, [picked, typing])

  // A required level without a pick stops the form's submission (its `invalid` event shows the kit's message).
  const message = requiredText ?? ""
  useEffect(() => {
    const input = inputRef.current as unknown as TextInput | null
    input?.setCustomValidity?.(required && !picked ? message || " " : "")
    if (picked) setMissing(false)
  }, [required, picked, message])

  const matches = useMemo(() => (typing ? searchUnits(units, text) : units), [units, text, typing])
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1))
  const optionId = (index: number) => `${id}-option-${index}`

  const place = useCallback(() => {
    const input = inputRef.current as unknown as TextInput | null
    const list = listRef.current as unknown as ListElement | null
    const view = input?.ownerDocument?.defaultView
    if (!input || !view) return
    const visual = view.visualViewport
    const viewport = { width: view.innerWidth, height: view.innerHeight, visibleBottom: visual ? visual.offsetTop + visual.height : undefined }
    const next = listPlacement(input.getBoundingClientRect(), list?.scrollHeight ?? 0, viewport)
    setPlacement((current) => (samePlacement(current, next) ? current : next))
  }, [])

  // Placed before it is painted, again as matches change its height, and on every scroll (of the page or a box around the field) and resize.
  useBrowserLayoutEffect(() => {
    if (open) place()
  }, [open, matches.length, place])
  useEffect(() => {
    const view = (inputRef.current as unknown as TextInput | null)?.ownerDocument?.defaultView
    if (!open || !view) return
    view.addEventListener("scroll", place, { capture: true, passive: true })
    view.addEventListener("resize", place)
    return () => {
      view.removeEventListener("scroll", place, { capture: true })
      view.removeEventListener("resize", place)
    }
  }, [open, place])

  useEffect(() => {
    if (!open) return
    const list = listRef.current as unknown as ListElement | null
    list?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView?.({ block: "nearest" })
  }, [open, activeIndex])

  const choose = (unit: PickedUnit | undefined) => {
    pressing.current = false
    if (!unit) return
    onPick(unit)
    setText(unit.name)
    setTyping(false)
    setOpen(false)
    setMissing(false)
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
  const showMissing = missing && required && !picked && !!message

  const list = (
    <ul
      id={listId}
      ref={listRef}
      role="listbox"
      aria-label={label}
      className={withClass("ghn-combobox-list", classNames.list)}
      data-ghn-level={level}
      data-ghn-placement={open ? placement?.side : undefined}
      hidden={!open}
      style={!open ? HIDDEN_LIST : placement ? listStyle(placement) : MEASURED_LIST}
      // A press on the list (an option, its scroll bar) keeps the input's focus: the click picks.
      onMouseDown={(event) => event.preventDefault()}
      onPointerDown={() => (pressing.current = true)}
      onPointerUp={() => setTimeout(() => (pressing.current = false), 0)}
      onPointerCancel={() => (pressing.current = false)}
    >
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
            // click, not pointerdown: a touch that scrolls the list picks nothing; a tap or a click does
            onClick={() => choose(unit)}
            onMouseEnter={() => setActive(index)}
          >
            {unit.name}
          </li>
        ))}
    </ul>
  )

  return (
    <>
      {/* The input comes before its label, as in the Next.js starter's fields: CSS floating labels
          select `input:focus ~ label` and `input:not(:placeholder-shown) ~ label`. */}
      <div className={withClass("ghn-combobox", classNames.field)} data-ghn-level={level}>
        <input
          id={`${id}-input`}
          ref={inputRef}
          className={withClass("ghn-combobox-input", classNames.input)}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && matches.length ? optionId(activeIndex) : undefined}
          aria-busy={loading || undefined}
          aria-required={required || undefined}
          aria-invalid={showMissing || undefined}
          aria-describedby={showMissing ? errorId : undefined}
          required={required}
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
          onBlur={() => {
            if (pressing.current) return // an option's click is on its way
            close()
          }}
          onKeyDown={onKeyDown}
          onInvalid={(event) => {
            // The kit's message under the field instead of the browser's bubble.
            if (!message) return
            event.preventDefault()
            setMissing(true)
          }}
        />
        <label htmlFor={`${id}-input`} className={withClass("ghn-combobox-label", classNames.label)}>
          {label}
          {required && (
            <span className={withClass("ghn-required", classNames.required)} aria-hidden="true">
              *
            </span>
          )}
        </label>
        {portalTarget ? createPortal(list, portalTarget as Element) : null}
        <span className="ghn-combobox-status" role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
          {status}
        </span>
      </div>
      {showMissing && (
        <p id={errorId} role="alert" className={withClass("ghn-address-error", classNames.error)} data-ghn-required={level}>
          {message}
        </p>
      )}
    </>
  )
}

/** Inline, so no class of the host's (an `absolute top-full` list) moves it off its input. */
function listStyle(placement: ListPlacement) {
  return {
    position: "fixed",
    left: placement.left,
    width: placement.width,
    right: "auto",
    top: placement.side === "below" ? placement.top : "auto",
    bottom: placement.side === "above" ? placement.bottom : "auto",
    maxHeight: placement.maxHeight,
    overflowY: "auto",
    overscrollBehavior: "contain",
    boxSizing: "border-box",
    margin: 0,
    zIndex: 2147483000,
  } as const
}

const HIDDEN_LIST = { position: "fixed", display: "none" } as const
/** Open, before it is first placed: laid out unseen, so its height can be measured. */
const MEASURED_LIST = { position: "fixed", left: 0, top: 0, visibility: "hidden", margin: 0 } as const

const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const
