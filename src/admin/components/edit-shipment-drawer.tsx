import { Alert, Button, Drawer, Input, Label, OtpInput, Select, Switch, Text, Textarea, toast } from "@medusajs/ui"
import { useState } from "react"
import { api, errorText, useInvalidate, useMutation, type Shipment } from "../lib/api"
import { dateTime, useGhnTranslation, vnd } from "../lib/format"
import { DrawerFooter } from "./common"
import { DayField } from "./day-field"

const REQUIRED_NOTES = ["KHONGCHOXEMHANG", "CHOXEMHANGKHONGTHU", "CHOTHUHANG"] as const
const FIELDS = ["note", "required_note", "to_name", "to_phone", "to_address", "cod_amount", "cod_failed_amount"] as const
type Field = (typeof FIELDS)[number]
/** GHN's on/off services of an order, set where the status table allows them. */
const TOGGLES = ["document_return", "double_check"] as const
type Toggle = (typeof TOGGLES)[number]

/** A `datetime-local` value read as Vietnam time (UTC+7, no daylight saving), as GHN and the admin show times: Unix seconds. */
function vietnamLocalToUnix(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const ms = Date.parse(`${value}:00+07:00`)
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000)
}

type Props = {
  shipment: Shipment
  orderId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Only these of the fields the status allows (the "Needs action" queue offers the failed-delivery ones). */
  only?: readonly string[]
}

/**
 * GHN's Update Order for one shipment: only the fields its current status allows (the route's
 * `actions.update`). A COD change needs the OTP GHN texts to the account owner: the first try
 * without it makes GHN send one; the form then asks for it.
 */
export function EditShipmentDrawer({ shipment, orderId, open, onOpenChange, only }: Props) {
  const { t, i18n } = useGhnTranslation()
  const invalidate = useInvalidate()
  const allowed = new Set(shipment.actions.update.filter((f) => !only || only.includes(f)))
  const [values, setValues] = useState<Record<Field, string>>({
    note: "",
    required_note: "",
    to_name: "",
    to_phone: "",
    to_address: "",
    cod_amount: String(shipment.cod_amount ?? 0),
    cod_failed_amount: "",
  })
  // The pickup's day and time as the admin writes them (Vietnam's wall clock): the browser's own
  // datetime input would follow the browser's language, not the admin's.
  const [pickupDay, setPickupDay] = useState("")
  const [pickupClock, setPickupClock] = useState("")
  const clock = /^(\d{1,2})[:h.](\d{2})$/.exec(pickupClock.trim())
  const pickupAt = pickupDay && clock && Number(clock[1]) < 24 && Number(clock[2]) < 60 ? `${pickupDay}T${clock[1].padStart(2, "0")}:${clock[2]}` : ""
  // A switch is sent only once the merchant touched it: GHN keeps what it has otherwise.
  const [toggles, setToggles] = useState<Partial<Record<Toggle, boolean>>>({})
  const [otp, setOtp] = useState("")
  const [otpAsked, setOtpAsked] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const codChanged = allowed.has("cod_amount") && values.cod_amount.trim() !== "" && Number(values.cod_amount) !== Number(shipment.cod_amount ?? 0)

  const changes = () => {
    const body: Record<string, unknown> = {}
    for (const f of FIELDS) {
      if (!allowed.has(f)) continue
      const v = values[f].trim()
      if (f === "cod_amount") {
        if (codChanged) body.cod_amount = Number(v)
      } else if (f === "cod_failed_amount") {
        if (v) body.cod_failed_amount = Number(v)
      } else if (v) body[f] = v
    }
    const pickupTime = allowed.has("pickup_time") ? vietnamLocalToUnix(pickupAt) : null
    if (pickupTime !== null) body.pickup_time = pickupTime
    for (const f of TOGGLES) if (allowed.has(f) && toggles[f] !== undefined) body[f] = toggles[f]
    return body
  }

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.update(shipment.order_code, body),
    onSuccess: async () => {
      toast.success(t("shipment.edit.saved", { code: shipment.order_code }))
      await invalidate(orderId)
      onOpenChange(false)
    },
    onError: (e) => {
      const message = errorText(e)
      if (/OTP_NOT_VALID/.test(message) && codChanged) {
        setOtpAsked(message)
        setError(otp ? message : null)
      } else if (/PICKUP_TIME_ERROR/.test(message)) setError(t("shipment.edit.pickupTimeError"))
      else setError(message)
    },
  })

  const submit = () => {
    setError(null)
    const body = changes()
    if (!Object.keys(body).length) {
      setError(t("shipment.edit.nothing"))
      return
    }
    if (codChanged && otp) body.otp = otp
    save.mutate(body)
  }

  const text = (f: Field, multiline = false, extra: Record<string, unknown> = {}) =>
    allowed.has(f) ? (
      <div className="flex flex-col gap-y-1">
        <Label size="small" htmlFor={`ghn-edit-${f}`}>
          {t(`shipment.edit.fields.${f}`)}
        </Label>
        {multiline ? (
          <Textarea id={`ghn-edit-${f}`} value={values[f]} onChange={(e) => setValues({ ...values, [f]: e.target.value })} placeholder={t("shipment.edit.unchanged")} />
        ) : (
          <Input id={`ghn-edit-${f}`} value={values[f]} onChange={(e) => setValues({ ...values, [f]: e.target.value })} placeholder={t("shipment.edit.unchanged")} {...extra} />
        )}
      </div>
    ) : null

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content data-testid="ghn-edit-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("shipment.edit.title", { code: shipment.order_code })}</Drawer.Title>
          <Drawer.Description>{t("shipment.edit.description", { status: t(`status.${shipment.status}`, { defaultValue: shipment.status }) })}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {text("note", true)}
          {allowed.has("required_note") ? (
            <div className="flex flex-col gap-y-1">
              <Label size="small">{t("shipment.edit.fields.required_note")}</Label>
              <Select value={values.required_note} onValueChange={(v) => setValues({ ...values, required_note: v })}>
                <Select.Trigger>
                  <Select.Value placeholder={t("shipment.edit.unchanged")} />
                </Select.Trigger>
                <Select.Content>
                  {REQUIRED_NOTES.map((n) => (
                    <Select.Item key={n} value={n}>
                      {t(`requiredNote.${n}`)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          ) : null}
          {text("to_name")}
          {text("to_phone", false, { inputMode: "tel" })}
          {text("to_address", true)}
          {allowed.has("cod_amount") ? (
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="ghn-edit-cod_amount">
                {t("shipment.edit.fields.cod_amount")}
              </Label>
              <Input id="ghn-edit-cod_amount" type="number" min={0} step={1000} value={values.cod_amount} onChange={(e) => setValues({ ...values, cod_amount: e.target.value })} />
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("shipment.edit.codNow", { amount: vnd(shipment.cod_amount, i18n.language) })}
              </Text>
            </div>
          ) : null}
          {allowed.has("cod_failed_amount") ? (
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="ghn-edit-cod_failed_amount">
                {t("shipment.edit.fields.cod_failed_amount")}
              </Label>
              <Input
                id="ghn-edit-cod_failed_amount"
                type="number"
                min={0}
                step={1000}
                value={values.cod_failed_amount}
                onChange={(e) => setValues({ ...values, cod_failed_amount: e.target.value })}
                placeholder={t("shipment.edit.unchanged")}
              />
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("shipment.edit.codFailedHint")}
              </Text>
            </div>
          ) : null}
          {allowed.has("pickup_time") ? (
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="ghn-edit-pickup_time">
                {t("shipment.edit.fields.pickup_time")}
              </Label>
              <div className="flex items-center gap-x-2">
                <DayField id="ghn-edit-pickup_time" label={t("shipment.edit.fields.pickup_time")} value={pickupDay} onChange={setPickupDay} testId="ghn-edit-pickup-day" />
                <Input
                  size="small"
                  className="w-[80px]"
                  inputMode="numeric"
                  aria-label={t("dates.clock")}
                  placeholder={t("dates.clockPattern")}
                  value={pickupClock}
                  onChange={(e) => setPickupClock(e.target.value)}
                  data-testid="ghn-edit-pickup-time"
                />
              </div>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {pickupAt && vietnamLocalToUnix(pickupAt) !== null
                  ? t("shipment.edit.pickupTimeChosen", { time: dateTime(new Date(vietnamLocalToUnix(pickupAt)! * 1000), i18n.language) })
                  : t("shipment.edit.pickupTimeHint")}
              </Text>
            </div>
          ) : null}
          {TOGGLES.filter((f) => allowed.has(f)).map((f) => (
            <div key={f} className="flex items-start gap-x-3">
              <Switch
                id={`ghn-edit-${f}`}
                data-testid={`ghn-edit-${f}`}
                checked={toggles[f] ?? false}
                onCheckedChange={(checked) => setToggles({ ...toggles, [f]: checked })}
              />
              <div className="flex flex-col">
                <Label size="small" htmlFor={`ghn-edit-${f}`}>
                  {t(`shipment.edit.fields.${f}`)}
                </Label>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {t(`shipment.edit.hints.${f}`)}
                </Text>
              </div>
            </div>
          ))}
          {codChanged ? (
            <div className="flex flex-col gap-y-2 rounded-md border p-3" data-testid="ghn-edit-otp">
              <Text size="small" weight="plus">
                {t("shipment.edit.otpTitle")}
              </Text>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {otpAsked ? t("shipment.edit.otpSent") : t("shipment.edit.otpHint")}
              </Text>
              {otpAsked ? (
                <>
                  <Text size="xsmall" className="text-ui-fg-muted break-words">
                    {otpAsked}
                  </Text>
                  <OtpInput length={6} value={otp} onChange={setOtp} />
                </>
              ) : null}
            </div>
          ) : null}
          {allowed.size === 0 ? <Alert variant="info">{t("shipment.edit.none")}</Alert> : null}
          {error ? (
            <Alert variant="error" data-testid="ghn-edit-error">
              {error}
            </Alert>
          ) : null}
        </Drawer.Body>
        <DrawerFooter>
          <Button size="small" onClick={submit} isLoading={save.isPending} data-testid="ghn-edit-save">
            {codChanged && !otpAsked ? t("shipment.edit.sendOtp") : t("common.save")}
          </Button>
        </DrawerFooter>
      </Drawer.Content>
    </Drawer>
  )
}
