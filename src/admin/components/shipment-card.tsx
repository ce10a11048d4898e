import { ArrowPath, ArrowUpRightOnBox, ArrowUturnLeft, EllipsisHorizontal, PencilSquare, Receipt, TruckFast, XCircle } from "@medusajs/icons"
import { Alert, Badge, Button, Copy, DropdownMenu, IconButton, Text, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { api, errorText, LABEL_SIZES, useInvalidate, useMutation, type LabelSize, type Shipment, type SwitchResult } from "../lib/api"
import { dateTime, expectedDay, feeParts, ghnDateTime, useGhnTranslation, vnd } from "../lib/format"
import { backendHref } from "../lib/sdk"
import { Fact, GhnStatusBadge } from "./common"
import { EditShipmentDrawer } from "./edit-shipment-drawer"

type Props = { shipment: Shipment; orderId: string }

/** Opens a label page: the plugin's label route mints a print token and redirects to GHN's page. */
export function openLabel(url: string) {
  window.open(backendHref(url), "_blank", "noopener")
}

/** One GHN shipment of an order: code, status, facts, fees, COD, the timeline and the actions its status allows. */
export function ShipmentCard({ shipment, orderId }: Props) {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const prompt = usePrompt()
  const invalidate = useInvalidate()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [results, setResults] = useState<{ action: "redeliver" | "return"; results: SwitchResult[] } | null>(null)
  const [editing, setEditing] = useState(false)
  const s = shipment

  const refresh = useMutation({
    mutationFn: () => api.refresh(s.order_code),
    onSuccess: async ({ shipment: fresh }) => {
      toast.success(t("shipment.refreshed", { code: s.order_code }), { description: t(`status.${fresh.status}`, { defaultValue: fresh.status }) })
      await invalidate(orderId)
    },
    onError: (error) => toast.error(t("shipment.refreshFailed"), { description: errorText(error) }),
  })

  const cancel = useMutation({
    mutationFn: () => api.cancelFulfillment(orderId, s.fulfillment_id),
    onSuccess: async () => {
      setRefusal(null)
      toast.success(t("shipment.cancelled", { code: s.order_code }))
      await invalidate(orderId)
    },
    onError: async (error) => {
      const message = errorText(error)
      setRefusal(message)
      toast.error(t("shipment.cancelRefused"), { description: message })
      // GHN knows better than the stored status: read it now.
      await api.refresh(s.order_code).catch(() => undefined)
      await invalidate(orderId)
    },
  })

  const switchStatus = useMutation({
    mutationFn: async (action: "redeliver" | "return") => ({
      action,
      results: (action === "redeliver" ? await api.redeliver([s.order_code]) : await api.returnToSender([s.order_code])).results,
    }),
    onSuccess: async (answer) => {
      setResults(answer)
      const ok = answer.results.every((r) => r.result)
      const title = t(`shipment.${answer.action}.${ok ? "done" : "refused"}`, { code: s.order_code })
      ok ? toast.success(title) : toast.error(title, { description: answer.results.map((r) => `${r.order_code}: ${r.reason ?? r.message}`).join("; ") })
      await invalidate(orderId)
    },
    onError: (error) => toast.error(t("shipment.actionFailed"), { description: errorText(error) }),
  })

  const confirmCancel = async () => {
    const ok = await prompt({
      title: t("shipment.cancelConfirm.title", { code: s.order_code }),
      description: t("shipment.cancelConfirm.description"),
      confirmText: t("shipment.cancelConfirm.confirm"),
      cancelText: t("common.back"),
      variant: "danger",
    })
    if (ok) cancel.mutate()
  }

  const confirmSwitch = async (action: "redeliver" | "return") => {
    const ok = await prompt({
      title: t(`shipment.${action}.confirmTitle`, { code: s.order_code }),
      description: t(`shipment.${action}.confirmDescription`),
      confirmText: t(`shipment.${action}.confirm`),
      cancelText: t("common.back"),
      variant: action === "return" ? "danger" : "confirmation",
    })
    if (ok) switchStatus.mutate(action)
  }

  const fees = feeParts(s.fees)
  const history = [...(s.history ?? [])].reverse()
  const cod = s.cod_amount > 0
  const busy = refresh.isPending || cancel.isPending || switchStatus.isPending
  const hasMore = s.actions.update.length > 0 || s.actions.redeliver || s.actions.return || s.actions.cancel

  return (
    <div className="flex flex-col gap-y-4 px-6 py-4" data-testid="ghn-shipment" data-order-code={s.order_code}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-x-2">
          <TruckFast className="text-ui-fg-muted" />
          <Text size="small" weight="plus" className="font-mono" data-testid="ghn-order-code">
            {s.order_code}
          </Text>
          <Copy content={s.order_code} className="text-ui-fg-muted" aria-label={t("shipment.copyCode")} />
          <GhnStatusBadge status={s.status} />
          {s.is_return ? <Badge size="2xsmall">{t("shipment.returnOrder")}</Badge> : null}
        </div>
        <div className="flex items-center gap-x-2">
          <DropdownMenu>
            <DropdownMenu.Trigger asChild>
              <Button size="small" variant="secondary" data-testid="ghn-print-label">
                <Receipt />
                {t("shipment.printLabel")}
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              {LABEL_SIZES.map((size: LabelSize) => (
                <DropdownMenu.Item key={size} onClick={() => openLabel(s.label_urls[size])} data-testid={`ghn-label-${size}`}>
                  {t(`labels.size.${size}`)}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu>
          <Button size="small" variant="secondary" onClick={() => refresh.mutate()} isLoading={refresh.isPending} disabled={busy} data-testid="ghn-refresh">
            <ArrowPath />
            {t("shipment.refresh")}
          </Button>
          {hasMore ? (
            <DropdownMenu>
              <DropdownMenu.Trigger asChild>
                <IconButton size="small" variant="transparent" aria-label={t("shipment.more")} data-testid="ghn-more" disabled={busy}>
                  <EllipsisHorizontal />
                </IconButton>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end">
                {s.actions.update.length ? (
                  <DropdownMenu.Item onClick={() => setEditing(true)} className="gap-x-2" data-testid="ghn-edit">
                    <PencilSquare />
                    {t("shipment.edit.action")}
                  </DropdownMenu.Item>
                ) : null}
                {s.actions.redeliver ? (
                  <DropdownMenu.Item onClick={() => confirmSwitch("redeliver")} className="gap-x-2" data-testid="ghn-redeliver">
                    <ArrowPath />
                    {t("shipment.redeliver.action")}
                  </DropdownMenu.Item>
                ) : null}
                {s.actions.return ? (
                  <DropdownMenu.Item onClick={() => confirmSwitch("return")} className="gap-x-2" data-testid="ghn-return">
                    <ArrowUturnLeft />
                    {t("shipment.return.action")}
                  </DropdownMenu.Item>
                ) : null}
                {s.actions.cancel ? (
                  <>
                    <DropdownMenu.Separator />
                    <DropdownMenu.Item onClick={confirmCancel} className="gap-x-2 text-ui-fg-error" data-testid="ghn-cancel">
                      <XCircle />
                      {t("shipment.cancel")}
                    </DropdownMenu.Item>
                  </>
                ) : null}
              </DropdownMenu.Content>
            </DropdownMenu>
          ) : null}
        </div>
      </div>

      {refusal ? (
        <Alert variant="error" dismissible data-testid="ghn-cancel-refusal">
          <Text size="small" weight="plus">
            {t("shipment.cancelRefused")}
          </Text>
          <Text size="small">{refusal}</Text>
        </Alert>
      ) : null}

      {s.cod_risk?.refused ? (
        <Alert variant="warning" data-testid="ghn-cod-risk">
          <Text size="small" weight="plus">
            {t("shipment.codRisk.title")}
          </Text>
          <Text size="small">{t("shipment.codRisk.description", { phone: s.cod_risk.phone ?? "", count: s.cod_risk.recent_returns, days: s.cod_risk.days })}</Text>
        </Alert>
      ) : null}

      {s.failed_callbacks ? (
        <Alert variant="warning" data-testid="ghn-failed-callbacks">
          <Text size="small" weight="plus">
            {t("shipment.failedCallbacks", { count: s.failed_callbacks.count })}
          </Text>
          <Text size="small">{s.failed_callbacks.error}</Text>
        </Alert>
      ) : null}

      {results ? (
        <Alert variant={results.results.every((r) => r.result) ? "success" : "warning"} dismissible data-testid="ghn-switch-results">
          <Text size="small" weight="plus">
            {t(`shipment.${results.action}.resultsTitle`)}
          </Text>
          <ul className="mt-1">
            {results.results.map((r) => (
              <li key={r.order_code}>
                <Text size="small">
                  <span className="font-mono">{r.order_code}</span>: {r.result ? t("shipment.accepted") : `${t("shipment.refused")}: ${r.reason ?? r.message}`}
                </Text>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Fact label={t("shipment.expectedDelivery")} testId="ghn-expected">
          {expectedDay(s.expected_delivery_time, lng)}
        </Fact>
        <Fact label={t("shipment.totalFee")} testId="ghn-fee">
          {vnd(s.total_fee, lng)}
          {s.quoted_fee !== null && s.quoted_fee !== undefined ? (
            <span className={`block text-xs ${s.total_fee !== s.quoted_fee ? "text-ui-fg-error" : "text-ui-fg-subtle"}`} data-testid="ghn-quoted-fee">
              {t("shipment.quotedFee", { amount: vnd(s.quoted_fee, lng) })}
            </span>
          ) : null}
        </Fact>
        <Fact label={t("shipment.cod")} testId="ghn-cod">
          {cod ? vnd(s.cod_amount, lng) : t("shipment.noCod")}
          {cod && s.cod_expected !== null && s.cod_expected !== s.cod_amount ? (
            <span className="text-ui-fg-error block text-xs" data-testid="ghn-cod-expected">
              {t("shipment.codExpected", { amount: vnd(s.cod_expected, lng) })}
            </span>
          ) : null}
          {cod ? (
            <span className="text-ui-fg-subtle block text-xs" data-testid="ghn-cod-state">
              {s.is_cod_transferred
                ? t("shipment.codTransferred", { date: ghnDateTime(s.cod_transfer_date, lng) })
                : s.is_cod_collected
                  ? t("shipment.codCollectedOn", { date: ghnDateTime(s.cod_collect_date, lng) })
                  : t("shipment.codToCollect")}
            </span>
          ) : null}
          {s.cod_capture_status === "captured" ? (
            <span className="text-ui-fg-subtle block text-xs" data-testid="ghn-cod-capture">
              {t("shipment.codCaptured", { amount: vnd(s.cod_captured_amount, lng) })}
            </span>
          ) : s.cod_capture_status === "failed" || s.cod_capture_status === "skipped" ? (
            <span className={`block text-xs ${s.cod_capture_status === "failed" ? "text-ui-fg-error" : "text-ui-fg-subtle"}`} data-testid="ghn-cod-capture">
              {t(`shipment.codCapture_${s.cod_capture_status}`, { reason: s.cod_capture_error ?? "" })}
            </span>
          ) : null}
        </Fact>
        <Fact label={t("shipment.shop")}>
          <span className="font-mono">{s.shop_id}</span>
          {s.weight ? <span className="text-ui-fg-subtle block text-xs">{t("shipment.weight", { weight: s.weight })}</span> : null}
        </Fact>
      </div>

      {fees.length ? (
        <details className="text-ui-fg-subtle">
          <summary className="cursor-pointer text-sm">{t("shipment.feeBreakdown")}</summary>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-3">
            {fees.map((f) => (
              <li key={f.key} className="flex justify-between text-sm">
                <span>{t(`fees.${f.key}`, { defaultValue: f.key })}</span>
                <span className="text-ui-fg-base">{vnd(f.amount, lng)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <div>
        <Text size="xsmall" weight="plus" className="text-ui-fg-muted mb-2 uppercase">
          {t("shipment.timeline")}
        </Text>
        {history.length ? (
          <ol className="border-ui-border-base flex flex-col gap-y-3 border-l pl-4" data-testid="ghn-timeline">
            {history.map((h, i) => (
              <li key={`${h.time}-${h.status}-${i}`} className="relative">
                <span className={`absolute -left-[21px] top-1 h-2.5 w-2.5 rounded-full ${i === 0 ? "bg-ui-fg-interactive" : "bg-ui-border-strong"}`} />
                <div className="flex flex-wrap items-center gap-x-2">
                  <Text size="small" weight={i === 0 ? "plus" : "regular"}>
                    {t(`status.${h.status}`, { defaultValue: h.status })}
                  </Text>
                  <Text size="xsmall" className="text-ui-fg-muted">
                    {dateTime(h.time, lng)}
                    {h.source ? ` · ${t(`shipment.source.${h.source}`, { defaultValue: h.source })}` : ""}
                  </Text>
                </div>
                {h.not_applied ? (
                  <Text size="xsmall" className="text-ui-fg-muted italic" data-testid="ghn-not-applied">
                    {t(`shipment.notApplied.${h.not_applied}`)}
                  </Text>
                ) : null}
                {h.reason || h.reason_code ? (
                  <Text size="xsmall" className="text-ui-fg-subtle" data-testid="ghn-reason">
                    {h.reason}
                    {h.reason_code ? ` (${h.reason_code})` : ""}
                  </Text>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <Text size="small" className="text-ui-fg-subtle">
            {t("shipment.noHistory")}
          </Text>
        )}
      </div>

      <div className="flex items-center justify-between">
        <a href={s.tracking_url} target="_blank" rel="noreferrer" className="text-ui-fg-interactive flex items-center gap-x-1 text-sm">
          {t("shipment.tracking")}
          <ArrowUpRightOnBox />
        </a>
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("shipment.lastSynced", { date: dateTime(s.last_synced_at ?? s.status_at, lng) })}
        </Text>
      </div>

      {editing ? <EditShipmentDrawer shipment={s} orderId={orderId} open={editing} onOpenChange={setEditing} /> : null}
    </div>
  )
}
