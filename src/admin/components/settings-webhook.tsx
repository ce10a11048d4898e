import { Clock, Eye, EyeSlash, PaperPlane } from "@medusajs/icons"
import { Alert, Badge, Button, CodeBlock, Container, Copy, IconButton, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { api, errorText, useMutation, useShifts, type Settings } from "../lib/api"
import { date, time, useGhnTranslation } from "../lib/format"
import { EmptyState, ErrorState, LoadingRows, SectionHeader } from "./common"

function CopyRow({ label, value, testId, children }: { label: string; value: string; testId: string; children?: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 items-center gap-2 px-6 py-3 md:grid-cols-[160px_1fr]">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div className="flex min-w-0 items-center gap-x-2">
        <code className="bg-ui-bg-subtle truncate rounded px-2 py-1 font-mono text-sm" data-testid={testId}>
          {value}
        </code>
        {children}
      </div>
    </div>
  )
}

/** Settings -> GHN, webhook: URL, header and secret to paste into GHN's portal, and a test delivery. */
export function WebhookSection({ settings }: { settings: Settings | undefined }) {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const [secret, setSecret] = useState<string | null>(null)
  const reveal = useMutation({
    mutationFn: api.webhookSecret,
    onSuccess: (r) => setSecret(r.secret),
    onError: (e) => toast.error(t("webhook.revealFailed"), { description: errorText(e) }),
  })
  const test = useMutation({
    mutationFn: api.webhookTest,
    onSuccess: ({ test }) => (test.ok ? toast.success(t("webhook.testOk", { status: test.response.status })) : toast.error(t("webhook.testFailed"), { description: String(test.response.status ?? test.response.error) })),
    onError: (e) => toast.error(t("webhook.testFailed"), { description: errorText(e) }),
  })
  if (!settings) return null
  const w = settings.webhook
  const result = test.data?.test
  return (
    <Container className="divide-y p-0" data-testid="ghn-webhook">
      <SectionHeader
        title={t("webhook.title")}
        subtitle={t("webhook.subtitle")}
        actions={
          <Button size="small" variant="secondary" onClick={() => test.mutate()} isLoading={test.isPending} disabled={!w.has_secret} data-testid="ghn-webhook-test">
            <PaperPlane />
            {t("webhook.test")}
          </Button>
        }
      />
      <CopyRow label={t("webhook.url")} value={w.url} testId="ghn-webhook-url">
        <Copy content={w.url} />
      </CopyRow>
      <CopyRow label={t("webhook.header")} value={w.header} testId="ghn-webhook-header">
        <Copy content={w.header} />
      </CopyRow>
      {w.has_secret ? (
        <CopyRow label={t("webhook.secret")} value={secret ?? w.secret_masked ?? ""} testId="ghn-webhook-secret">
          <IconButton
            size="small"
            variant="transparent"
            aria-label={secret ? t("webhook.hide") : t("webhook.reveal")}
            onClick={() => (secret ? setSecret(null) : reveal.mutate())}
            data-testid="ghn-webhook-reveal"
          >
            {secret ? <EyeSlash /> : <Eye />}
          </IconButton>
          {secret ? <Copy content={secret} /> : null}
        </CopyRow>
      ) : (
        <div className="px-6 py-3">
          <Alert variant="warning">{t("webhook.noSecret")}</Alert>
        </div>
      )}
      <div className="px-6 py-3">
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("webhook.howTo")}
        </Text>
      </div>
      {result ? (
        <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="ghn-webhook-result" data-ok={String(result.ok)}>
          <div className="flex items-center gap-x-2">
            <Badge color={result.ok ? "green" : "red"}>{result.response.status ?? t("webhook.noAnswer")}</Badge>
            <Text size="small">{result.ok ? t("webhook.resultOk", { ms: result.duration_ms }) : t("webhook.resultBad", { ms: result.duration_ms })}</Text>
          </div>
          {result.response.error ? <Alert variant="error">{result.response.error}</Alert> : null}
          <CodeBlock
            snippets={[
              { label: t("webhook.answer"), language: "json", code: JSON.stringify(result.response.body, null, 2) ?? "" },
              { label: t("webhook.sent"), language: "json", code: JSON.stringify(result.request, null, 2) },
            ]}
          >
            <CodeBlock.Header />
            <CodeBlock.Body />
          </CodeBlock>
        </div>
      ) : null}
      {settings?.webhook.refused?.count ? (
        <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="ghn-webhook-refused">
          <Alert variant="warning">{t("webhook.refused", { count: settings.webhook.refused.count })}</Alert>
          {settings.webhook.refused.reasons.map((r) => (
            <div key={r.reason} className="flex flex-col gap-y-1" data-testid="ghn-webhook-refused-reason">
              <Text size="small" weight="plus">
                {t("webhook.refusedReason", { reason: r.reason, count: r.count, at: time(r.last_at, lng) })}
              </Text>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {r.samples[0]?.detail}
              </Text>
              {r.samples[0] ? (
                <code className="bg-ui-bg-subtle block max-h-24 overflow-auto whitespace-pre-wrap break-all rounded px-2 py-1 font-mono text-xs">{r.samples[0].body}</code>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </Container>
  )
}

/** Settings -> GHN, today's pickup shifts (ids change every day: shown, never stored). */
export function ShiftsSection() {
  const { t, i18n } = useGhnTranslation()
  const query = useShifts()
  const lng = i18n.language
  const data = query.data
  const later = (data?.shifts ?? []).filter((s) => !s.today)
  return (
    <Container className="divide-y p-0" data-testid="ghn-shifts">
      <SectionHeader title={t("shifts.title")} subtitle={data ? t("shifts.subtitle", { date: date(data.date, lng), option: t(`shifts.option.${data.pick_shift_option}`, { defaultValue: data.pick_shift_option }) }) : undefined} />
      {query.isLoading ? <LoadingRows rows={2} /> : null}
      {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
      {data && !data.today.length ? <EmptyState title={t("shifts.noneToday")} description={later.length ? t("shifts.nextOn", { date: date(later[0].from, lng) }) : undefined} /> : null}
      {data?.today.map((s) => (
        <div key={s.id} className="flex items-center justify-between px-6 py-3" data-testid="ghn-shift">
          <div className="flex items-center gap-x-2">
            <Clock className="text-ui-fg-muted" />
            <Text size="small" weight="plus">
              {time(s.from, lng)} – {time(s.to, lng)}
            </Text>
            <Text size="small" className="text-ui-fg-subtle">
              {s.title}
            </Text>
          </div>
          <Badge size="2xsmall" className="font-mono">
            #{s.id}
          </Badge>
        </div>
      ))}
      {later.length ? (
        <details className="px-6 py-3">
          <summary className="cursor-pointer text-sm">{t("shifts.later", { count: later.length })}</summary>
          <ul className="mt-2 flex flex-col gap-y-1">
            {later.map((s) => (
              <li key={s.id}>
                <Text size="small" className="text-ui-fg-subtle">
                  {date(s.from, lng)} {time(s.from, lng)} – {time(s.to, lng)} · {s.title}
                </Text>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Container>
  )
}
