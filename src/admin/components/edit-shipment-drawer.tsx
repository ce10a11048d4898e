import { Alert, Button, Drawer, Input, Label, OtpInput, Select, Text, Textarea, toast } from "@medusajs/ui"
import { useState } from "react"
import { api, errorText, useInvalidate, useMutation, type Shipment } from "../lib/api"
import { useGhnTranslation, vnd } from "../lib/format"
import { DrawerFooter } from "./common"

const REQUIRED_NOTES = ["KHONGCHOXEMHANG", "CHOXEMHANGKHONGTHU", "CHOTHUHANG"] as const
const FIELDS = ["note", "required_note", "to_name", "to_phone", "to_address", "cod_amount", "cod_failed_amount"] as const
type Field = (typeof FIELDS)[number]

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
      } else setError(message)
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
