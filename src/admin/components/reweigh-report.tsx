import { ArrowDownTray } from "@medusajs/icons"
import { Button, Heading, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { api, errorText, useInvalidate, useMutation, useReweigh, type ReweighVariant } from "../lib/api"
import { backendHref } from "../lib/sdk"
import { useGhnTranslation, vnd } from "../lib/format"
import { ErrorState } from "./common"

const SIDES = ["length", "width", "height"] as const

/**
 * The re-weighing report (the GHN page's tab beside COD): per product variant, the parcels of that
 * variant alone GHN measured 10 % or more away from what the store sent, what they cost in fees,
 * the variant's measures and GHN's suggestion; the suggestion applied after a confirmation that
 * shows the old and new values; CSV.
 */
export function ReweighReport() {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const prompt = usePrompt()
  const invalidate = useInvalidate()
  const query = useReweigh({})
  const data = query.data
  const unit = (kind: "weight" | "dimension") => (kind === "weight" ? data?.units.weight : data?.units.dimension) ?? ""

  const apply = useMutation({
    mutationFn: (v: ReweighVariant) => api.applyMeasures(v.variant_id, suggestionOf(v)),
    onSuccess: async (answer) => {
      toast.success(t("reweigh.applied", { variant: answer.variant_id }))
      await invalidate()
    },
    onError: (e) => toast.error(errorText(e)),
  })

  const measures = (m: ReweighVariant["current"]) =>
    [m.weight === null ? "—" : `${m.weight} ${unit("weight")}`, SIDES.every((s) => m[s] !== null) ? `${SIDES.map((s) => m[s]).join(" × ")} ${unit("dimension")}` : "—"].join(" · ")

  const confirm = async (v: ReweighVariant) => {
    const ok = await prompt({
      title: t("reweigh.confirmTitle", { variant: [v.product_title, v.title].filter(Boolean).join(" - ") || v.variant_id }),
      description: t("reweigh.confirmDescription", { before: measures(v.current), after: measures(v.suggested) }),
      confirmText: t("reweigh.apply"),
      cancelText: t("common.cancel"),
    })
    if (ok) apply.mutate(v)
  }

  return (
    <div className="flex flex-col" data-testid="ghn-reweigh">
      <div className="flex flex-col items-start justify-between gap-2 px-6 py-4 md:flex-row md:items-center">
        <div>
          <Heading>{t("reweigh.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("reweigh.subtitle", { days: data?.days ?? 90 })}
          </Text>
        </div>
        <Button size="small" variant="secondary" className="shrink-0 whitespace-nowrap" asChild>
          <a href={backendHref("/admin/ghn/reweigh?format=csv")} download data-testid="ghn-reweigh-csv">
            <ArrowDownTray />
            {t("reweigh.exportCsv")}
          </a>
        </Button>
      </div>
      {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
      {data && !data.variants.length ? (
        <Text size="small" className="text-ui-fg-subtle px-6 pb-6" data-testid="ghn-reweigh-empty">
          {t("reweigh.empty", { count: data.parcels_measured })}
        </Text>
      ) : null}
      {data?.variants.length ? (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("reweigh.variant")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reweigh.parcels")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reweigh.feeDifference")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reweigh.current")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reweigh.suggested")}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.variants.map((v) => (
              <Table.Row key={v.variant_id} data-testid="ghn-reweigh-row">
                <Table.Cell>
                  <div className="flex flex-col">
                    <span>{[v.product_title, v.title].filter(Boolean).join(" - ") || v.variant_id}</span>
                    {v.sku ? <span className="text-ui-fg-muted font-mono text-xs">{v.sku}</span> : null}
                  </div>
                </Table.Cell>
                <Table.Cell>{v.parcels}</Table.Cell>
                <Table.Cell data-testid="ghn-reweigh-fee">{vnd(v.fee_difference, lng)}</Table.Cell>
                <Table.Cell>{measures(v.current)}</Table.Cell>
                <Table.Cell data-testid="ghn-reweigh-suggested">{measures(v.suggested)}</Table.Cell>
                <Table.Cell>
                  <Button size="small" variant="secondary" onClick={() => confirm(v)} isLoading={apply.isPending && apply.variables?.variant_id === v.variant_id} data-testid="ghn-reweigh-apply">
                    {t("reweigh.apply")}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      ) : null}
      {data?.unattributed ? (
        <Text size="xsmall" className="text-ui-fg-subtle px-6 py-3">
          {t("reweigh.unattributed", { count: data.unattributed })}
        </Text>
      ) : null}
    </div>
  )
}

/** The suggested measures that are known (GHN may give a weight without a box). */
function suggestionOf(v: ReweighVariant): Record<string, number> {
  return Object.fromEntries(Object.entries(v.suggested).filter(([, value]) => value !== null)) as Record<string, number>
}
