import { ArrowUpRightOnBox, Receipt } from "@medusajs/icons"
import { Alert, Button, FocusModal, Heading, Label, RadioGroup, Text, toast } from "@medusajs/ui"
import { useEffect, useRef, useState } from "react"
import { api, errorText, LABEL_SIZES, type LabelSize } from "../lib/api"
import { useGhnTranslation } from "../lib/format"
import { backendHref } from "../lib/sdk"

export const MAX_LABELS = 10_000
const PAGE = 200

/** What to print: given order codes (a selection), or every shipment matching the table's filters. */
export type PrintSource = { kind: "codes"; codes: string[] } | { kind: "filter"; query: Record<string, unknown>; count: number }

type Phase = "choose" | "collecting" | "requesting" | "done" | "error"
type LabelPage = { shop_id: number; order_codes: string[]; url: string }

/**
 * Bulk label printing: up to 10,000 GHN orders in one paper size. Collects the order codes (page
 * by page for a filter, with progress), asks for the label pages (one per GHN shop, each with a
 * fresh print token) and opens them.
 */
export function BulkPrintModal({ source, onClose }: { source: PrintSource | null; onClose: () => void }) {
  const { t } = useGhnTranslation()
  const [size, setSize] = useState<LabelSize>("A5")
  const [phase, setPhase] = useState<Phase>("choose")
  const [progress, setProgress] = useState({ done: 0, total: 0 })
  const [pages, setPages] = useState<LabelPage[]>([])
  const [error, setError] = useState<string | null>(null)
  const [started, setStarted] = useState(0)
  const [now, setNow] = useState(Date.now())
  const cancelled = useRef(false)

  useEffect(() => {
    if (phase !== "collecting" && phase !== "requesting") return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [phase])

  useEffect(() => {
    if (source) {
      setPhase("choose")
      setPages([])
      setError(null)
      cancelled.current = false
    }
  }, [source])

  if (!source) return null
  const total = source.kind === "codes" ? source.codes.length : Math.min(source.count, MAX_LABELS)
  const over = source.kind === "filter" && source.count > MAX_LABELS

  const collect = async (): Promise<string[]> => {
    if (source.kind === "codes") {
      setProgress({ done: source.codes.length, total: source.codes.length })
      return source.codes
    }
    const codes: string[] = []
    setProgress({ done: 0, total })
    for (let offset = 0; offset < total && !cancelled.current; offset += PAGE) {
      const { shipments } = await api.shipments({ ...source.query, limit: PAGE, offset })
      codes.push(...shipments.map((s) => s.order_code))
      setProgress({ done: Math.min(codes.length, total), total })
      if (shipments.length < PAGE) break
    }
    return codes.slice(0, MAX_LABELS)
  }

  const run = async () => {
    // Opened now, while the click still counts as a user gesture; pointed at the labels later.
    const tab = window.open("about:blank", "_blank")
    setStarted(Date.now())
    setError(null)
    try {
      setPhase("collecting")
      const codes = await collect()
      if (cancelled.current) throw new Error(t("bulk.cancelled"))
      if (!codes.length) throw new Error(t("bulk.nothing"))
      setPhase("requesting")
      const { labels } = await api.labels(codes, size)
      setPages(labels)
      setPhase("done")
      if (labels[0]) {
        const href = backendHref(labels[0].url)
        if (tab) tab.location.href = href
        else window.open(href, "_blank")
      } else tab?.close()
      toast.success(t("bulk.ready", { count: codes.length, pages: labels.length }))
    } catch (e) {
      tab?.close()
      setError(errorText(e))
      setPhase("error")
    }
  }

  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0
  const working = phase === "collecting" || phase === "requesting"
  const seconds = Math.max(0, Math.round((now - started) / 1000))

  return (
    <FocusModal open={!!source} onOpenChange={(open) => !open && !working && onClose()}>
      <FocusModal.Content data-testid="ghn-bulk-print">
        <FocusModal.Header>
          <Button size="small" onClick={run} disabled={working || phase === "done" || total === 0} isLoading={working} data-testid="ghn-bulk-print-start">
            <Receipt />
            {t("bulk.print", { count: total })}
          </Button>
        </FocusModal.Header>
        <FocusModal.Body className="flex flex-col items-center overflow-y-auto py-12">
          <div className="flex w-full max-w-[560px] flex-col gap-y-6">
            <div>
              <Heading>{t("bulk.title")}</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                {source.kind === "codes" ? t("bulk.selected", { count: total }) : t("bulk.matching", { count: total })}
              </Text>
            </div>
            {over ? <Alert variant="warning">{t("bulk.over", { max: MAX_LABELS.toLocaleString(), total: source.count.toLocaleString() })}</Alert> : null}
            <div className="flex flex-col gap-y-2">
              <Label size="small">{t("bulk.size")}</Label>
              <RadioGroup value={size} onValueChange={(v) => setSize(v as LabelSize)} disabled={working || phase === "done"} className="flex gap-x-6">
                {LABEL_SIZES.map((s) => (
                  <div key={s} className="flex items-center gap-x-2">
                    <RadioGroup.Item value={s} id={`ghn-bulk-size-${s}`} data-testid={`ghn-bulk-size-${s}`} />
                    <Label size="small" htmlFor={`ghn-bulk-size-${s}`}>
                      {t(`labels.size.${s}`)}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </div>

            {phase !== "choose" ? (
              <div className="flex flex-col gap-y-2" data-testid="ghn-bulk-progress" data-phase={phase}>
                <div className="bg-ui-bg-subtle h-2 w-full overflow-hidden rounded-full" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={phase === "done" ? 100 : percent}>
                  <div
                    className={`h-full rounded-full transition-all ${phase === "error" ? "bg-ui-tag-red-icon" : "bg-ui-fg-interactive"} ${phase === "requesting" ? "animate-pulse" : ""}`}
                    style={{ width: `${phase === "done" ? 100 : phase === "requesting" ? Math.max(percent, 90) : Math.max(percent * 0.9, 3)}%` }}
                  />
                </div>
                <Text size="small" className="text-ui-fg-subtle">
                  {phase === "collecting" ? t("bulk.collecting", { done: progress.done.toLocaleString(), total: progress.total.toLocaleString() }) : null}
                  {phase === "requesting" ? t("bulk.requesting", { count: progress.done, seconds }) : null}
                  {phase === "done" ? t("bulk.done", { count: progress.done, pages: pages.length }) : null}
                  {phase === "error" ? t("bulk.failed") : null}
                </Text>
              </div>
            ) : null}

            {error ? (
              <Alert variant="error" data-testid="ghn-bulk-error">
                {error}
              </Alert>
            ) : null}

            {pages.length ? (
              <ul className="flex flex-col gap-y-2" data-testid="ghn-bulk-pages">
                {pages.map((p) => (
                  <li key={`${p.shop_id}-${p.url}`} className="flex items-center justify-between rounded-md border px-3 py-2">
                    <Text size="small">{t("bulk.page", { shop: p.shop_id, count: p.order_codes.length })}</Text>
                    <a href={backendHref(p.url)} target="_blank" rel="noreferrer" className="text-ui-fg-interactive flex items-center gap-x-1 text-sm" data-testid="ghn-bulk-open">
                      {t("bulk.open")}
                      <ArrowUpRightOnBox />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {phase === "done" ? (
              <Text size="xsmall" className="text-ui-fg-muted">
                {t("bulk.tokenNote")}
              </Text>
            ) : null}
          </div>
        </FocusModal.Body>
      </FocusModal.Content>
    </FocusModal>
  )
}
