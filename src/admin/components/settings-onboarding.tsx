import { Phone } from "@medusajs/icons"
import { Alert, Button, Container, Input, Label, OtpInput, RadioGroup, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { api, errorText, useInvalidate, useMutation, type OnboardingResult, type Shop } from "../lib/api"
import { countdown, useGhnTranslation } from "../lib/format"
import { SectionHeader } from "./common"

type Mode = "create" | "staff"

/**
 * Partner onboarding: the customer's phone -> Get OTP (SMS to the customer; countdown from the
 * TTL) -> the OTP -> Create Shop by OTP, or Add Staff to an existing shop of theirs. GHN's
 * sequences are not atomic: after a failure the shop may exist anyway, so a retry is offered
 * only after Get Shop has been checked.
 */
export function OnboardingSection() {
  const { t } = useGhnTranslation()
  const invalidate = useInvalidate()
  const [phone, setPhone] = useState("")
  const [mode, setMode] = useState<Mode>("create")
  const [shopId, setShopId] = useState("")
  const [otp, setOtp] = useState("")
  const [expiresAt, setExpiresAt] = useState<number | null>(null)
  const [now, setNow] = useState(Date.now())
  const [known, setKnown] = useState<number[] | undefined>(undefined)
  const [result, setResult] = useState<OnboardingResult | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [checked, setChecked] = useState<"none" | "found" | "absent">("none")
  const [found, setFound] = useState<Shop | null>(null)

  useEffect(() => {
    if (!expiresAt) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [expiresAt])

  const left = expiresAt ? Math.max(0, Math.round((expiresAt - now) / 1000)) : 0
  const expired = !!expiresAt && left === 0

  const reset = () => {
    setResult(null)
    setFailure(null)
    setChecked("none")
    setFound(null)
  }

  const getOtp = useMutation({
    mutationFn: async () => {
      // The shops we belong to now: a shop that appears later is the customer's new one.
      const before = await api.shops().then((r) => r.shops.map((s) => s._id)).catch(() => undefined)
      const answer = await api.otp(phone.trim())
      return { answer, before }
    },
    onSuccess: ({ answer, before }) => {
      reset()
      setKnown(before)
      setOtp("")
      setNow(Date.now())
      setExpiresAt(Date.now() + answer.ttl * 1000)
      toast.success(t("onboarding.otpSent", { phone: answer.phone }))
    },
    onError: (e) => toast.error(t("onboarding.otpFailed"), { description: errorText(e) }),
  })

  const submit = useMutation({
    mutationFn: () =>
      mode === "create"
        ? api.createShopByOtp({ phone: phone.trim(), otp })
        : api.addStaffByOtp({ phone: phone.trim(), otp, shop_id: Number(shopId) }),
    onSuccess: async (answer) => {
      setResult(answer)
      setFailure(null)
      setExpiresAt(null)
      toast.success(answer.outcome === "recovered" ? t("onboarding.recoveredToast", { id: answer.shop_id }) : t(`onboarding.${mode}.done`, { id: answer.shop_id }))
      await invalidate()
    },
    onError: (e) => {
      setFailure(errorText(e))
      setChecked("none")
    },
  })

  const check = useMutation({
    mutationFn: () => api.findShop(mode === "create" ? { phone: phone.trim(), known_shop_ids: known } : { shop_id: Number(shopId) }),
    onSuccess: async ({ shop }) => {
      setFound(shop)
      setChecked(shop ? "found" : "absent")
      if (shop) await invalidate()
    },
    onError: (e) => toast.error(t("onboarding.checkFailed"), { description: errorText(e) }),
  })

  const phoneOk = /^(\+?84|0)\d{9,10}$/.test(phone.trim())
  const ready = !!expiresAt && !expired && otp.length === 6 && (mode === "create" || /^\d+$/.test(shopId))
  // After a failure, a retry waits for Get Shop to show that nothing was created.
  const blockedByFailure = !!failure && checked !== "absent"

  return (
    <Container className="divide-y p-0" data-testid="ghn-onboarding">
      <SectionHeader title={t("onboarding.title")} subtitle={t("onboarding.subtitle")} />
      <div className="flex flex-col gap-y-4 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <Label size="small" htmlFor="ghn-onboarding-phone">
            {t("onboarding.phone")}
          </Label>
          <div className="flex items-center gap-x-2">
            <Input id="ghn-onboarding-phone" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder={t("formats.phone")} className="max-w-[240px]" data-testid="ghn-onboarding-phone" />
            <Button size="small" variant="secondary" disabled={!phoneOk} isLoading={getOtp.isPending} onClick={() => getOtp.mutate()} data-testid="ghn-onboarding-get-otp">
              <Phone />
              {expiresAt ? t("onboarding.resend") : t("onboarding.getOtp")}
            </Button>
          </div>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("onboarding.phoneHint")}
          </Text>
        </div>

        {expiresAt ? (
          <div className="flex flex-col gap-y-4" data-testid="ghn-onboarding-step2">
            <div className="flex items-center gap-x-2">
              <Text size="small" weight="plus" data-testid="ghn-onboarding-countdown" data-seconds={left} className={expired ? "text-ui-fg-error" : ""}>
                {expired ? t("onboarding.expired") : t("onboarding.validFor", { time: countdown(left) })}
              </Text>
            </div>
            <div className="flex flex-col gap-y-1">
              <Label size="small">{t("onboarding.otp")}</Label>
              <OtpInput length={6} value={otp} onChange={setOtp} disabled={expired} data-testid="ghn-onboarding-otp" />
            </div>
            <RadioGroup value={mode} onValueChange={(v) => (setMode(v as Mode), reset())} className="flex flex-col gap-y-2">
              <div className="flex items-center gap-x-2">
                <RadioGroup.Item value="create" id="ghn-onboarding-create" data-testid="ghn-onboarding-mode-create" />
                <Label size="small" htmlFor="ghn-onboarding-create">
                  {t("onboarding.create.label")}
                </Label>
              </div>
              <div className="flex items-center gap-x-2">
                <RadioGroup.Item value="staff" id="ghn-onboarding-staff" data-testid="ghn-onboarding-mode-staff" />
                <Label size="small" htmlFor="ghn-onboarding-staff">
                  {t("onboarding.staff.label")}
                </Label>
              </div>
            </RadioGroup>
            {mode === "staff" ? (
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="ghn-onboarding-shop">
                  {t("onboarding.staff.shopId")}
                </Label>
                <Input id="ghn-onboarding-shop" inputMode="numeric" value={shopId} onChange={(e) => setShopId(e.target.value.replace(/\D/g, ""))} className="max-w-[240px]" />
              </div>
            ) : (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("onboarding.create.hint")}
              </Text>
            )}
            <div>
              <Button size="small" disabled={!ready || blockedByFailure} isLoading={submit.isPending} onClick={() => submit.mutate()} data-testid="ghn-onboarding-submit">
                {t(`onboarding.${mode}.submit`)}
              </Button>
            </div>
          </div>
        ) : null}

        {failure ? (
          <Alert variant="error" data-testid="ghn-onboarding-error">
            <Text size="small" className="break-words">
              {failure}
            </Text>
            <Text size="small" weight="plus" className="mt-2">
              {t("onboarding.notAtomic")}
            </Text>
            <div className="mt-2 flex items-center gap-x-2">
              <Button size="small" variant="secondary" isLoading={check.isPending} onClick={() => check.mutate()} data-testid="ghn-onboarding-check">
                {t("onboarding.checkShops")}
              </Button>
              {checked === "absent" ? (
                <Text size="small" data-testid="ghn-onboarding-absent">
                  {t("onboarding.absent")}
                </Text>
              ) : null}
            </div>
          </Alert>
        ) : null}

        {checked === "found" && found ? (
          <Alert variant="success" data-testid="ghn-onboarding-found">
            {t("onboarding.foundAfterAll", { id: found._id, name: found.name ?? "" })}
          </Alert>
        ) : null}

        {result ? (
          <Alert variant={result.outcome === "recovered" ? "warning" : "success"} data-testid="ghn-onboarding-result" data-outcome={result.outcome}>
            <Text size="small" weight="plus">
              {result.outcome === "recovered" ? t("onboarding.recovered", { id: result.shop_id }) : t(`onboarding.${mode}.done`, { id: result.shop_id })}
            </Text>
            {result.shop ? (
              <Text size="small" data-testid="ghn-onboarding-shop-name">
                {result.shop.name} · {result.shop.address}
              </Text>
            ) : null}
            {result.ghn_error ? (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("onboarding.ghnSaid", { message: result.ghn_error.message })}
              </Text>
            ) : null}
          </Alert>
        ) : null}
      </div>
    </Container>
  )
}
