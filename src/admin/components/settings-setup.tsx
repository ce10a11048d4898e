import { CheckCircleSolid, XCircleSolid } from "@medusajs/icons"
import { Container, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import type { SetupKey, SetupLine, SetupLocation } from "../../lib/insights/setup-checklist"
import { errorText } from "../lib/api"
import { date, useGhnTranslation } from "../lib/format"
import { sdk, languageHeaders } from "../lib/sdk"
import { ErrorState, LoadingRows, SectionHeader } from "./common"
import { CreateShippingOptionsButton } from "./settings-shipping-options"

const useSetup = () => useQuery({ queryKey: ["ghn", "setup"], queryFn: () => sdk.client.fetch<{ ok: boolean; lines: SetupLine[] }>("/admin/ghn/setup", { headers: languageHeaders() }) })

/** What the checklist's lines carry in `details` (src/api/admin/ghn/setup/route.ts), as this page reads them. */
type SetupDetails = {
  locations: SetupLocation[]
  without_weight: number
  without_size: number
  total: number
  vietnam_regions: { name: string; currency_code: string }[]
  configured: string[]
  enabled: string[]
  last_received_at: string | null
  options: { name: string }[]
}

/** What a line found, in a sentence. */
function useFound() {
  const { t, i18n } = useGhnTranslation()
  return (line: SetupLine): string => {
    const d = line.details as SetupDetails
    switch (line.key as SetupKey) {
      case "locations":
        return (
          (d.locations as SetupLocation[])
            .map((l) => `${l.name}: ${l.ghn_enabled === false ? t("setup.notGhn") : `${t("setup.shop", { shop: l.shop_id })} (${t(`locations.source.${l.source ?? (l.mapped ? "option" : "default")}`)})`}`)
            .join(" · ") || t("setup.noLocation")
        )
      case "addresses":
        return (d.locations as SetupLocation[]).map((l) => `${l.name}: ${l.ward ?? l.address_error}`).join(" · ") || t("setup.noLocation")
      case "measures":
        return t("setup.measuresFound", { weight: d.without_weight, size: d.without_size, total: d.total })
      case "currency":
        return d.vietnam_regions.length ? d.vietnam_regions.map((r) => `${r.name}: ${r.currency_code.toUpperCase()}`).join(" · ") : t("setup.noVietnamRegion")
      case "cod":
        return d.configured.length ? t("setup.codFound", { configured: d.configured.join(", "), enabled: d.enabled.join(", ") || "—" }) : t("setup.codNone")
      case "webhook":
        return d.last_received_at ? t("setup.webhookLast", { at: date(d.last_received_at, i18n.language) }) : t("setup.webhookNever")
      case "shipping_options":
        return d.options.length ? d.options.map((o) => o.name).join(" · ") : t("setup.noOptions")
    }
  }
}

/** Settings -> GHN -> Set-up: the checklist of what GHN needs in the store, each line with where to fix it. */
export function SetupSection() {
  const { t } = useGhnTranslation()
  const setup = useSetup()
  const found = useFound()
  const locations = (setup.data?.lines.find((l) => l.key === "locations")?.details.locations as SetupLocation[] | undefined) ?? []
  return (
    <Container className="divide-y p-0" data-testid="ghn-setup">
      <SectionHeader title={t("setup.title")} subtitle={setup.data ? t(setup.data.ok ? "setup.allGood" : "setup.subtitle") : t("setup.subtitle")} />
      {setup.isLoading ? <LoadingRows /> : null}
      {setup.isError ? <ErrorState message={errorText(setup.error)} onRetry={() => setup.refetch()} /> : null}
      {setup.data?.lines.map((line) => (
        <div key={line.key} className="flex items-start gap-x-3 px-6 py-3" data-testid={`ghn-setup-${line.key}`} data-ok={line.ok}>
          {line.ok ? <CheckCircleSolid className="text-ui-tag-green-icon mt-0.5 shrink-0" /> : <XCircleSolid className="text-ui-tag-red-icon mt-0.5 shrink-0" />}
          <div className="flex min-w-0 flex-1 flex-col">
            <Text size="small" weight="plus">
              {t(`setup.line.${line.key}`)}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle break-words">
              {found(line)}
            </Text>
          </div>
          {line.key === "shipping_options" ? (
            <CreateShippingOptionsButton locations={locations} />
          ) : null}
          <Link to={line.link} className="text-ui-fg-interactive txt-compact-small shrink-0" data-testid={`ghn-setup-${line.key}-link`}>
            {line.ok ? t("setup.open") : t("setup.fix")}
          </Link>
        </div>
      ))}
    </Container>
  )
}
