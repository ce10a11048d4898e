import { CheckCircleSolid, ExclamationCircleSolid } from "@medusajs/icons"
import { Badge, Container, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { type CallClasses, countText, type Health, type HealthAccount } from "../../lib/health/health"
import { errorText } from "../lib/api"
import { dateTime, useGhnTranslation } from "../lib/format"
import { languageHeaders, sdk } from "../lib/sdk"
import { ErrorState, LoadingRows, SectionHeader } from "./common"

type HealthAnswer = { health: Health & { checked_at: string } }

const useHealth = () =>
  useQuery({
    queryKey: ["ghn", "health"],
    queryFn: () => sdk.client.fetch<HealthAnswer>("/admin/ghn/health", { headers: languageHeaders() }),
    refetchInterval: 30_000,
  })

/** GHN's failures of a window: 4xx, 429, 5xx, timeouts and no answer. */
const failures = (c: CallClasses) => c["4xx"] + c["429"] + c["5xx"] + c.timeout + c.network
const total = (c: CallClasses) => c["2xx"] + failures(c)

/** One figure of the section: its name, its value, and whether it asks for a look. */
function Figure({ label, value, alert, testId }: { label: string; value: string; alert?: boolean; testId: string }) {
  return (
    <div className="flex items-start gap-x-2 px-6 py-3" data-testid={testId} data-alert={alert ? "true" : "false"}>
      {alert ? <ExclamationCircleSolid className="text-ui-tag-orange-icon mt-0.5 shrink-0" /> : <CheckCircleSolid className="text-ui-tag-green-icon mt-0.5 shrink-0" />}
      <div className="flex min-w-0 flex-col">
        <Text size="small" weight="plus">
          {label}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          {value}
        </Text>
      </div>
    </div>
  )
}

/** GHN's answers of one account by class over the hour and the day, GHN's codes of the day beside. */
function Calls({ account }: { account: HealthAccount }) {
  const { t } = useGhnTranslation()
  const rows: [string, CallClasses][] = [
    [t("health.lastHour"), account.calls.hour],
    [t("health.lastDay"), account.calls.day],
  ]
  return (
    <div className="px-6 py-3" data-testid="ghn-health-calls">
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t("health.window")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("health.class2xx")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("health.class4xx")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("health.class429")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("health.class5xx")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("health.timeouts")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("health.noAnswer")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("health.average")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(([label, c]) => (
            <Table.Row key={label}>
              <Table.Cell>{label}</Table.Cell>
              <Table.Cell className="text-right">{c["2xx"]}</Table.Cell>
              <Table.Cell className="text-right">{c["4xx"]}</Table.Cell>
              <Table.Cell className="text-right">{c["429"]}</Table.Cell>
              <Table.Cell className="text-right">{c["5xx"]}</Table.Cell>
              <Table.Cell className="text-right">{c.timeout}</Table.Cell>
              <Table.Cell className="text-right">{c.network}</Table.Cell>
              <Table.Cell className="text-right">{c.avg_ms === null ? "—" : t("health.ms", { ms: c.avg_ms })}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {account.calls.day.codes.length ? (
        <div className="mt-2 flex flex-wrap gap-1" data-testid="ghn-health-codes">
          {account.calls.day.codes.slice(0, 8).map((c) => (
            <Badge key={`${c.outcome}|${c.code}`} size="2xsmall" color={c.outcome === "4xx" ? "orange" : "red"}>
              {c.code} × {c.calls}
            </Badge>
          ))}
        </div>
      ) : null}
    </div>
  )
}

/**
 * The GHN page's Health tab: what an operations team looks at before its customers notice, per
 * GHN account (src/api/admin/ghn/health/route.ts), refreshed every 30 s.
 */
export function HealthReport() {
  const { t, i18n } = useGhnTranslation()
  const query = useHealth()
  const health = query.data?.health
  const at = (value: string | Date | null) => (value ? dateTime(value, i18n.language) : t("health.never"))
  return (
    <div className="flex flex-col gap-y-2" data-testid="ghn-health">
      <Container className="divide-y p-0">
        <SectionHeader title={t("health.title")} subtitle={health ? t("health.subtitle", { at: dateTime(health.checked_at, i18n.language) }) : t("health.subtitleLoading")} />
        {query.isLoading ? <LoadingRows /> : null}
        {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
        {health ? (
          <div className="grid grid-cols-1 divide-y md:grid-cols-2 md:divide-y-0">
            <Figure testId="ghn-health-last-callback" label={t("health.lastCallback")} value={at(health.callbacks.last_received_at)} />
            <Figure
              testId="ghn-health-backlog"
              label={t("health.backlog")}
              alert={health.callbacks.pending > 0 || health.callbacks.failed > 0}
              value={
                health.callbacks.pending || health.callbacks.failed
                  ? t("health.backlogSome", { pending: health.callbacks.pending, failed: health.callbacks.failed, oldest: at(health.callbacks.oldest_pending_at) })
                  : t("health.backlogNone")
              }
            />
            <Figure
              testId="ghn-health-runs"
              label={t("health.runs")}
              alert={(health.runs.failure_rate ?? 0) > 0.2}
              value={
                health.runs.orders
                  ? t("health.runsSome", { failed: health.runs.failed, orders: health.runs.orders, runs: health.runs.last.length, percent: Math.round((health.runs.failure_rate ?? 0) * 100) })
                  : t("health.runsNone")
              }
            />
          </div>
        ) : null}
      </Container>
      {health?.accounts.map((account) => (
        <Container key={account.provider_id ?? "own"} className="divide-y p-0" data-testid="ghn-health-account" data-shop={account.shop_id}>
          <SectionHeader title={t("health.account", { shop: account.shop_id, environment: account.environment })} subtitle={account.provider_id ?? t("health.ownAccount")} />
          <div className="grid grid-cols-1 divide-y md:grid-cols-2 md:divide-y-0">
            <Figure
              testId="ghn-health-token"
              label={t("health.token")}
              alert={!!account.token.refused}
              value={
                account.token.refused
                  ? t("health.tokenRefused", { at: at(account.token.refused.at), code: account.token.refused.code ?? "—" })
                  : account.token.last_accepted_at
                    ? t("health.tokenAccepted", { at: at(account.token.last_accepted_at) })
                    : t("health.tokenUnknown")
              }
            />
            <Figure
              testId="ghn-health-errors"
              label={t("health.errors")}
              alert={total(account.calls.hour) > 0 && failures(account.calls.hour) / total(account.calls.hour) > 0.1}
              value={t("health.errorsValue", { failed: failures(account.calls.hour), calls: total(account.calls.hour) })}
            />
            <Figure
              testId="ghn-health-budget"
              label={t("health.budget")}
              alert={(account.budget.share ?? 0) > 0.8}
              value={
                account.budget.minute_limit
                  ? t("health.budgetValue", { calls: account.budget.busiest_minute_calls, limit: account.budget.minute_limit, percent: Math.round((account.budget.share ?? 0) * 100) })
                  : t("health.budgetOff", { calls: account.budget.busiest_minute_calls })
              }
            />
            <Figure
              testId="ghn-health-quiet"
              label={t("health.quiet")}
              alert={account.parcels.quiet > 0}
              value={account.parcels.quiet ? t("health.quietSome", { quiet: countText(account.parcels.quiet), oldest: at(account.parcels.oldest_news_at) }) : t("health.quietNone")}
            />
            <Figure
              testId="ghn-health-cod"
              label={t("health.cod")}
              alert={account.cod.failed > 0}
              value={account.cod.failed || account.cod.waiting ? t("health.codSome", { failed: account.cod.failed, waiting: account.cod.waiting }) : t("health.codNone")}
            />
          </div>
          <Calls account={account} />
        </Container>
      ))}
    </div>
  )
}
