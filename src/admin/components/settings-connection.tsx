import { ArrowPath, CheckCircleSolid, ExclamationCircleSolid, XCircleSolid } from "@medusajs/icons"
import { Badge, Button, Checkbox, Container, Input, Label, Select, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { api, errorText, useConnection, useMutation, type AccountCheck, type AccountCheckLine, type Connection, type Verdict } from "../lib/api"
import { dateTime, useGhnTranslation } from "../lib/format"
import { ghnCheckTextValues } from "../../lib/ghn-check/texts"
import { ErrorState, LoadingRows, SectionHeader } from "./common"

function VerdictRow({ label, verdict, detail, testId, values }: { label: string; verdict: Verdict; detail?: string; testId: string; values: Record<string, unknown> }) {
  const { t } = useGhnTranslation()
  // The store's own verdicts are translated; GHN's refusals are shown as GHN wrote them.
  const message = verdict.key ? t(`connection.verdict.${verdict.key}`, { ...values, defaultValue: verdict.message }) : verdict.message
  const icon =
    verdict.ok === true ? <CheckCircleSolid className="text-ui-tag-green-icon" /> : verdict.ok === false ? <XCircleSolid className="text-ui-tag-red-icon" /> : <ExclamationCircleSolid className="text-ui-fg-muted" />
  return (
    <div className="flex items-start gap-x-3 px-6 py-3" data-testid={testId} data-ok={String(verdict.ok)}>
      <div className="pt-0.5">{icon}</div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2">
          <Text size="small" weight="plus">
            {label}
          </Text>
          {detail ? (
            <Text size="small" className="text-ui-fg-subtle">
              {detail}
            </Text>
          ) : null}
          {verdict.code ? (
            <Badge size="2xsmall" color={verdict.ok === false ? "red" : "grey"} className="font-mono">
              {verdict.code}
            </Badge>
          ) : null}
        </div>
        <Text size="small" className={verdict.ok === false ? "text-ui-fg-error break-words" : "text-ui-fg-subtle break-words"} data-testid={`${testId}-message`}>
          {message}
        </Text>
      </div>
    </div>
  )
}

function Result({ connection }: { connection: Connection }) {
  const { t, i18n } = useGhnTranslation()
  return (
    <div className="divide-y">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-6 py-3">
        <Badge color={connection.ok ? "green" : "red"} data-testid="ghn-connection-overall">
          {connection.ok ? t("connection.ok") : t("connection.failed")}
        </Badge>
        <Text size="small" className="text-ui-fg-subtle">
          {t(`connection.env.${connection.environment.name}`, { defaultValue: connection.environment.name })} · <span className="font-mono">{connection.environment.base_url}</span>
        </Text>
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("connection.checkedAt", { date: dateTime(connection.checked_at, i18n.language), ms: connection.duration_ms })}
        </Text>
      </div>
      <VerdictRow label={t("connection.token")} verdict={connection.token} testId="ghn-connection-token" values={{ count: connection.shops_count ?? 0 }} />
      <VerdictRow
        label={t("connection.shop", { id: connection.shop.id })}
        detail={connection.shop.name ?? undefined}
        verdict={connection.shop}
        testId="ghn-connection-shop"
        values={{ id: connection.shop.id, name: connection.shop.name ?? "", status: connection.shop.status ?? "?", count: connection.shops_count ?? 0 }}
      />
    </div>
  )
}

const CHECK_COLORS = { ok: "green", warn: "orange", fail: "red", skip: "grey" } as const

/** One line of the account check: what was checked, its verdict, what is wrong and what to do, in the admin's language (the texts of src/lib/ghn-check/texts.ts). */
function CheckLine({ line }: { line: AccountCheckLine }) {
  const { t } = useGhnTranslation()
  const envNames = { production: t("accountCheck.env.production"), staging: t("accountCheck.env.staging"), custom: t("accountCheck.env.custom") }
  const values = ghnCheckTextValues(line, envNames)
  const key = line.key
  const message = t(`accountCheck.result.${key}`, { ...values, defaultValue: line.message })
  const fix = line.fix ? t(`accountCheck.fix.${key}`, { ...values, defaultValue: line.fix }) : null
  return (
    <div className="flex items-start gap-x-3 px-6 py-3" data-testid={`ghn-account-check-${line.id}`} data-status={line.status}>
      <Badge size="2xsmall" color={CHECK_COLORS[line.status]} className="shrink-0" data-testid="ghn-account-check-verdict">
        {t(`accountCheck.status.${line.status}`)}
      </Badge>
      <div className="min-w-0 flex-1">
        <Text size="small" weight="plus" data-testid="ghn-account-check-title">
          {t(`accountCheck.titles.${line.id}`, { ...values, defaultValue: line.title })}
        </Text>
        <Text size="small" className={line.status === "fail" ? "text-ui-fg-error break-words" : "text-ui-fg-subtle break-words"} data-testid="ghn-account-check-message">
          {message}
        </Text>
        {fix ? (
          <Text size="xsmall" className="text-ui-fg-muted break-words" data-testid="ghn-account-check-fix">
            → {fix}
          </Text>
        ) : null}
      </div>
    </div>
  )
}

/** `named`: the store has several GHN accounts, each line names its fulfilment provider. */
function AccountCheckResult({ account, named }: { account: AccountCheck; named: boolean }) {
  const { t, i18n } = useGhnTranslation()
  const failed = account.checks.filter((c) => c.status === "fail").length
  return (
    <div className="divide-y" data-testid="ghn-account-check-result" data-ok={String(account.ok)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-6 py-3">
        <Badge color={account.ok ? "green" : "red"} data-testid="ghn-account-check-summary">{account.ok ? t("accountCheck.summaryOk") : t("accountCheck.summaryFailed", { count: failed })}</Badge>
        <Text size="small" className="text-ui-fg-subtle" data-testid="ghn-account-check-account">
          {[named ? account.provider_id : null, t(`connection.env.${account.environment.name}`, { defaultValue: account.environment.name }), t("connection.shop", { id: account.shop_id })].filter(Boolean).join(" · ")}
        </Text>
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("connection.checkedAt", { date: dateTime(account.checked_at, i18n.language), ms: account.duration_ms })}
        </Text>
      </div>
      {account.checks.map((line, i) => (
        <CheckLine key={`${line.id}-${i}`} line={line} />
      ))}
    </div>
  )
}

/** Settings -> GHN -> Connection, "Check the account": medusa-ghn-check's checks with each GHN account of the store. */
function AccountCheckSection() {
  const { t } = useGhnTranslation()
  const [testOrder, setTestOrder] = useState(false)
  const run = useMutation({
    mutationFn: () => api.checkAccount({ create_test_order: testOrder }),
    onError: (e) => toast.error(t("accountCheck.failed"), { description: errorText(e) }),
  })
  return (
    <div className="px-6 py-4" data-testid="ghn-account-check">
      <Text size="small" weight="plus">
        {t("accountCheck.title")}
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("accountCheck.subtitle")}
      </Text>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button size="small" variant="secondary" onClick={() => run.mutate()} isLoading={run.isPending} data-testid="ghn-account-check-run">
          {t("accountCheck.run")}
        </Button>
        <div className="flex items-center gap-x-2">
          <Checkbox id="ghn-account-check-test-order" checked={testOrder} onCheckedChange={(v) => setTestOrder(v === true)} />
          <Label size="small" htmlFor="ghn-account-check-test-order">
            {t("accountCheck.testOrder")}
          </Label>
        </div>
      </div>
      {run.data
        ? run.data.accounts.map((account, _, accounts) => (
            <div key={account.provider_id ?? "default"} className="mt-3 rounded-md border">
              <AccountCheckResult account={account} named={accounts.length > 1} />
            </div>
          ))
        : null}
    </div>
  )
}

/** Settings -> GHN, connection: environment, token accepted, shop found (GHN's message when not); other credentials can be tried. */
export function ConnectionSection() {
  const { t } = useGhnTranslation()
  const query = useConnection()
  const [token, setToken] = useState("")
  const [shopId, setShopId] = useState("")
  const [environment, setEnvironment] = useState("configured")
  const trial = useMutation({
    mutationFn: () =>
      api.checkConnection({ ...(token.trim() ? { token: token.trim() } : {}), ...(shopId.trim() ? { shop_id: Number(shopId) } : {}), environment }),
    onError: (e) => toast.error(t("connection.trialFailed"), { description: errorText(e) }),
  })

  return (
    <Container className="divide-y p-0" data-testid="ghn-connection">
      <SectionHeader
        title={t("connection.title")}
        subtitle={t("connection.subtitle")}
        actions={
          <Button size="small" variant="secondary" onClick={() => query.refetch()} isLoading={query.isFetching} data-testid="ghn-connection-check">
            <ArrowPath />
            {t("connection.check")}
          </Button>
        }
      />
      {query.isLoading ? <LoadingRows rows={3} /> : null}
      {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
      {query.data ? <Result connection={query.data.connection} /> : null}
      <AccountCheckSection />
      <details className="px-6 py-4">
        <summary className="cursor-pointer text-sm">{t("connection.tryOther")}</summary>
        <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-3">
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="ghn-trial-token">
              {t("connection.tokenField")}
            </Label>
            <Input id="ghn-trial-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} placeholder={t("connection.configured")} />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="ghn-trial-shop">
              {t("connection.shopField")}
            </Label>
            <Input id="ghn-trial-shop" inputMode="numeric" value={shopId} onChange={(e) => setShopId(e.target.value.replace(/\D/g, ""))} placeholder={t("connection.configured")} data-testid="ghn-trial-shop" />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small">{t("connection.envField")}</Label>
            <Select value={environment} onValueChange={setEnvironment}>
              <Select.Trigger>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="configured">{t("connection.configured")}</Select.Item>
                <Select.Item value="production">{t("connection.env.production")}</Select.Item>
                <Select.Item value="staging">{t("connection.env.staging")}</Select.Item>
              </Select.Content>
            </Select>
          </div>
        </div>
        <div className="mt-3 flex items-center gap-x-2">
          <Button size="small" variant="secondary" onClick={() => trial.mutate()} isLoading={trial.isPending} data-testid="ghn-trial-check">
            {t("connection.tryButton")}
          </Button>
          <Text size="xsmall" className="text-ui-fg-muted">
            {t("connection.tryHint")}
          </Text>
        </div>
        {trial.data ? (
          <div className="mt-3 rounded-md border" data-testid="ghn-trial-result">
            <Result connection={trial.data.connection} />
          </div>
        ) : null}
      </details>
    </Container>
  )
}
