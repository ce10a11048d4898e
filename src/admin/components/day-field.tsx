import { Calendar as CalendarIcon } from "@medusajs/icons"
import { Calendar, IconButton, Input, Popover } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { dayPattern, formatDay, parseDay } from "../lib/days"
import { useGhnTranslation } from "../lib/format"

/**
 * A calendar day (YYYY-MM-DD, a Vietnamese calendar day) written and read in the admin's language
 * (`25/11/2026` in Vietnamese, `11/25/2026` in English, never the browser's own date input), with
 * Medusa UI's calendar to pick it. An empty field is `""` (no bound).
 */
export function DayField(props: { id: string; value: string; onChange: (day: string) => void; min?: string; max?: string; testId: string; label: string }) {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const [text, setText] = useState(formatDay(props.value, lng))
  const [open, setOpen] = useState(false)
  const [invalid, setInvalid] = useState(false)
  useEffect(() => {
    setText(formatDay(props.value, lng))
    setInvalid(false)
  }, [props.value, lng])
  const commit = (written: string) => {
    if (!written.trim()) {
      setInvalid(false)
      if (props.value) props.onChange("")
      return
    }
    const day = parseDay(written, lng)
    const outside = day && ((props.min && day < props.min) || (props.max && day > props.max))
    setInvalid(!day || !!outside)
    if (day && !outside && day !== props.value) props.onChange(day)
  }
  const asDate = (day?: string) => (day ? new Date(`${day}T00:00:00`) : undefined)
  const dayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`
  return (
    <div className="flex items-center gap-x-1" data-testid={`${props.testId}-field`}>
      <Input
        id={props.id}
        size="small"
        className="w-[120px]"
        value={text}
        placeholder={dayPattern(lng, { day: t("dates.dd"), month: t("dates.mm"), year: t("dates.yyyy") })}
        aria-invalid={invalid || undefined}
        aria-label={props.label}
        onChange={(e) => setText(e.target.value)}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit((e.target as HTMLInputElement).value)
        }}
        data-testid={props.testId}
        data-day={props.value}
      />
      <Popover open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <IconButton size="small" variant="transparent" type="button" aria-label={t("dates.pick", { field: props.label })} data-testid={`${props.testId}-calendar`}>
            <CalendarIcon />
          </IconButton>
        </Popover.Trigger>
        <Popover.Content className="p-2">
          <Calendar
            value={asDate(props.value) ?? null}
            minValue={asDate(props.min)}
            maxValue={asDate(props.max)}
            onChange={(d) => {
              if (d) props.onChange(dayOf(d))
              setOpen(false)
            }}
          />
        </Popover.Content>
      </Popover>
    </div>
  )
}
