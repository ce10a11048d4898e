import { ArrowDownTray, Camera, DocumentText } from "@medusajs/icons"
import { Badge, Button, FocusModal, Heading, Input, Label, Text, toast } from "@medusajs/ui"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { api, errorText, keys, useMutation, type HandoverCheck, type ScanAnswer } from "../lib/api"
import { dateTime, useGhnTranslation, vnd } from "../lib/format"
import { backendHref } from "../lib/sdk"

type Sound = "ok" | "repeat" | "wrong"

/** A short tone for each result (Web Audio; silent where the browser offers none). */
function useBeep() {
  const context = useRef<AudioContext | null>(null)
  return (sound: Sound) => {
    try {
      const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
      if (!Ctx) return
      context.current ??= new Ctx()
      const ctx = context.current
      const tone = ctx.createOscillator()
      const gain = ctx.createGain()
      tone.type = sound === "wrong" ? "square" : "sine"
      tone.frequency.value = sound === "ok" ? 880 : sound === "repeat" ? 600 : 220
      gain.gain.value = 0.08
      tone.connect(gain).connect(ctx.destination)
      tone.start()
      tone.stop(ctx.currentTime + (sound === "wrong" ? 0.35 : 0.12))
    } catch {
      // No sound: the colour and the text still say it.
    }
  }
}

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type DetectorClass = { new (options?: { formats?: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> }
const barcodeDetector = (): DetectorClass | undefined => (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector

/** A phone's or laptop's camera reading the labels' barcodes (BarcodeDetector), each code once every 2 s. */
function CameraScanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: () => void }) {
  const { t } = useGhnTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState<string | null>(null)
  // The latest handler, so a re-render of the view does not restart the camera.
  const handler = useRef(onCode)
  handler.current = onCode
  useEffect(() => {
    let stream: MediaStream | undefined
    let timer: number | undefined
    let stopped = false
    const seen = new Map<string, number>()
    const start = async () => {
      try {
        const Detector = barcodeDetector()!
        const supported = (await Detector.getSupportedFormats?.()) ?? []
        const formats = ["code_128", "code_39", "qr_code", "ean_13"].filter((f) => !supported.length || supported.includes(f))
        const detector = new Detector({ formats })
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } })
        if (stopped || !video.current) return
        video.current.srcObject = stream
        await video.current.play()
        const tick = async () => {
          if (stopped || !video.current) return
          const found = await detector.detect(video.current).catch(() => [])
          for (const { rawValue } of found) {
            const last = seen.get(rawValue) ?? 0
            if (Date.now() - last > 2000) {
              seen.set(rawValue, Date.now())
              handler.current(rawValue)
            }
          }
          timer = window.setTimeout(tick, 250)
        }
        void tick()
      } catch (error) {
        setFailed((error as Error).message)
      }
    }
    void start()
    return () => {
      stopped = true
      if (timer) window.clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [])
  return (
    <div className="flex flex-col gap-y-2" data-testid="ghn-scan-camera">
      {failed ? (
        <Text size="small" className="text-ui-fg-error">
          {t("handover.cameraFailed")}
        </Text>
      ) : (
        <video ref={video} muted playsInline className="bg-ui-bg-subtle aspect-video w-full max-w-[420px] rounded-lg" aria-label={t("handover.camera")} />
      )}
      <Button size="small" variant="secondary" onClick={onStop} className="self-start">
        {t("handover.cameraStop")}
      </Button>
    </div>
  )
}

/**
 * The Handover view of a shipping run: the GHN codes scanned from the labels at the door (a USB
 * scanner types each code and Enter into the field, which keeps the focus; a camera where the
 * browser offers barcode detection), each answered at once with a tone and a colour: one of the
 * run's parcels, one scanned already, or a code of another run (named) or of none. Lists what is
 * still to scan; completing keeps who, when and what was missing with the run, and the handover
 * record prints it.
 */
export function HandoverScan({ runId, open, onClose }: { runId: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const client = useQueryClient()
  const beep = useBeep()
  const input = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState("")
  const [camera, setCamera] = useState(false)
  const [last, setLast] = useState<ScanAnswer["result"] | null>(null)
  const query = useQuery({ queryKey: keys.scan(runId), queryFn: () => api.runScan(runId), enabled: open })
  const check: HandoverCheck | undefined = query.data
  const scan = useMutation({
    mutationFn: (scanned: string) => api.scanCode(runId, scanned),
    onSuccess: (answer) => {
      client.setQueryData(keys.scan(runId), (before: HandoverCheck | undefined) => (before ? { ...before, scan: answer.scan } : before))
      setLast(answer.result)
      beep(answer.result.result === "parcel" ? "ok" : answer.result.result === "repeat" ? "repeat" : "wrong")
    },
    onError: (e) => {
      beep("wrong")
      toast.error(errorText(e))
    },
  })
  const complete = useMutation({
    mutationFn: () => api.completeScan(runId),
    onSuccess: (answer) => {
      client.setQueryData(keys.scan(runId), (before: HandoverCheck | undefined) => (before ? { ...before, scan: answer.scan } : before))
      toast.success(t("handover.completed"))
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const submit = (value: string) => {
    const trimmed = value.trim()
    if (trimmed) scan.mutate(trimmed)
    setCode("")
    input.current?.focus()
  }
  const parcels = check?.parcels ?? []
  const current = check?.scan ?? null
  const scanned = new Set(current?.scanned ?? [])
  const waiting = parcels.filter((p) => !scanned.has(p.order_code))
  const found = parcels.filter((p) => scanned.has(p.order_code))
  const wrong = current?.foreign ?? []
  const completed = current?.status === "completed"
  const lastTone = last ? (last.result === "parcel" ? "green" : last.result === "repeat" ? "orange" : "red") : null
  const recordHref = (format: "html" | "pdf") => backendHref(`/admin/ghn/shipping-runs/${runId}/handover?format=${format}`)

  return (
    <FocusModal open={open} onOpenChange={(o) => !o && onClose()}>
      <FocusModal.Content data-testid="ghn-handover">
        <FocusModal.Header>
          <div className="flex items-center gap-x-2">
            <Button size="small" variant="secondary" asChild>
              <a href={recordHref("html")} target="_blank" rel="noreferrer" data-testid="ghn-handover-record">
                <DocumentText />
                {t("handover.printRecord")}
              </a>
            </Button>
            <Button size="small" variant="secondary" asChild>
              <a href={recordHref("pdf")} target="_blank" rel="noreferrer" data-testid="ghn-handover-pdf">
                <ArrowDownTray />
                {t("handover.pdf")}
              </a>
            </Button>
            <Button size="small" onClick={() => complete.mutate()} disabled={!current || completed || complete.isPending} isLoading={complete.isPending} data-testid="ghn-handover-complete">
              {t("handover.complete")}
            </Button>
          </div>
        </FocusModal.Header>
        <FocusModal.Body className="flex flex-col items-center overflow-y-auto py-8">
          <div className="flex w-full max-w-[880px] flex-col gap-y-6">
            <div>
              <FocusModal.Title asChild>
                <Heading>{t("handover.title")}</Heading>
              </FocusModal.Title>
              <FocusModal.Description asChild>
                <Text size="small" className="text-ui-fg-subtle">
                  {t("handover.subtitle")}
                </Text>
              </FocusModal.Description>
            </div>
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault()
                submit(code)
              }}
            >
              <div className="flex min-w-[280px] flex-1 flex-col gap-y-1">
                <Label size="small" htmlFor="ghn-handover-code">
                  {t("handover.codeLabel")}
                </Label>
                <Input id="ghn-handover-code" ref={input} autoFocus autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} placeholder={t("handover.codePlaceholder")} data-testid="ghn-handover-code" />
              </div>
              <Button size="base" type="submit" variant="secondary" isLoading={scan.isPending}>
                {t("handover.check")}
              </Button>
              {barcodeDetector() && !camera ? (
                <Button size="base" type="button" variant="secondary" onClick={() => setCamera(true)} data-testid="ghn-handover-camera">
                  <Camera />
                  {t("handover.camera")}
                </Button>
              ) : null}
            </form>
            {camera ? <CameraScanner onCode={submit} onStop={() => setCamera(false)} /> : null}
            {last ? (
              <div
                role="status"
                className={`rounded-lg border px-4 py-3 ${lastTone === "green" ? "border-ui-tag-green-border bg-ui-tag-green-bg text-ui-tag-green-text" : lastTone === "orange" ? "border-ui-tag-orange-border bg-ui-tag-orange-bg text-ui-tag-orange-text" : "border-ui-tag-red-border bg-ui-tag-red-bg text-ui-tag-red-text"}`}
                data-testid="ghn-handover-last"
                data-result={last.result}
              >
                <Text weight="plus">
                  {last.result === "parcel"
                    ? t("handover.resultParcel", { code: last.order_code ?? last.code })
                    : last.result === "repeat"
                      ? t("handover.resultRepeat", { code: last.order_code ?? last.code })
                      : last.result === "foreign"
                        ? t("handover.resultForeign", { code: last.code, run: last.run_id })
                        : t("handover.resultUnknown", { code: last.code })}
                </Text>
              </div>
            ) : null}
            <div className="flex flex-wrap items-center gap-2" data-testid="ghn-handover-counts">
              <Badge color="green">{t("handover.scannedCount", { count: found.length, total: parcels.length })}</Badge>
              <Badge color={waiting.length ? "orange" : "green"}>{t("handover.waitingCount", { count: waiting.length })}</Badge>
              {wrong.length ? <Badge color="red">{t("handover.wrongCount", { count: wrong.length })}</Badge> : null}
              {current ? (
                <Text size="small" className="text-ui-fg-subtle" data-testid="ghn-handover-state">
                  {completed
                    ? t("handover.completedBy", { at: dateTime(current.completed_at, lng), by: current.completed_by ?? "—" })
                    : t("handover.startedBy", { at: dateTime(current.started_at, lng), by: current.started_by ?? "—" })}
                </Text>
              ) : null}
            </div>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              <section aria-labelledby="ghn-handover-waiting-title" data-testid="ghn-handover-waiting">
                <Heading level="h3" id="ghn-handover-waiting-title" className="mb-2">
                  {completed ? t("handover.missing") : t("handover.waiting")}
                </Heading>
                <ul className="flex flex-col gap-y-1">
                  {waiting.map((p) => (
                    <li key={p.order_code} className="bg-ui-bg-subtle flex justify-between gap-x-2 rounded-md px-3 py-1.5" data-testid="ghn-handover-parcel" data-order-code={p.order_code} data-state="waiting">
                      <span className="font-mono text-sm">{p.order_code}</span>
                      <span className="text-ui-fg-subtle text-xs">
                        {p.order_number ? `#${p.order_number}` : ""} {p.cod_amount ? vnd(p.cod_amount, lng) : ""}
                      </span>
                    </li>
                  ))}
                  {!waiting.length ? (
                    <Text size="small" className="text-ui-fg-subtle">
                      {t("handover.noneWaiting")}
                    </Text>
                  ) : null}
                </ul>
              </section>
              <section aria-labelledby="ghn-handover-found-title" data-testid="ghn-handover-found">
                <Heading level="h3" id="ghn-handover-found-title" className="mb-2">
                  {t("handover.found")}
                </Heading>
                <ul className="flex flex-col gap-y-1">
                  {found.map((p) => (
                    <li key={p.order_code} className="bg-ui-tag-green-bg text-ui-tag-green-text flex justify-between gap-x-2 rounded-md px-3 py-1.5" data-testid="ghn-handover-parcel" data-order-code={p.order_code} data-state="scanned">
                      <span className="font-mono text-sm">✓ {p.order_code}</span>
                      <span className="text-xs">{p.order_number ? `#${p.order_number}` : ""}</span>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="ghn-handover-wrong-title" data-testid="ghn-handover-wrong">
                <Heading level="h3" id="ghn-handover-wrong-title" className="mb-2">
                  {t("handover.wrong")}
                </Heading>
                <ul className="flex flex-col gap-y-1">
                  {wrong.map((w, i) => (
                    <li key={`${w.code}-${i}`} className="bg-ui-tag-red-bg text-ui-tag-red-text flex flex-col rounded-md px-3 py-1.5" data-testid="ghn-handover-foreign" data-code={w.code}>
                      <span className="font-mono text-sm">✗ {w.code}</span>
                      <span className="text-xs">{w.run_id ? t("handover.ofRun", { run: w.run_id }) : t("handover.ofNoRun")}</span>
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          </div>
        </FocusModal.Body>
      </FocusModal.Content>
    </FocusModal>
  )
}
