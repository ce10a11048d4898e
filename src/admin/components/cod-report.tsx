import { ArrowDownTray } from "@medusajs/icons"
import {
  Button,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Select,
  Text,
  useDataTable,
  type DataTablePaginationState,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { Link } from "react-router-dom"
import { COD_FILTERS, errorText, useCodReport, type CodFilter, type CodReportRow } from "../lib/api"
import { ghnDateTime, useGhnTranslation, vnd } from "../lib/format"
import { backendHref } from "../lib/sdk"
import { Paging, ErrorState, GhnStatusBadge } from "./common"

const PAGE_SIZE = 20
const columnHelper = createDataTableColumnHelper<CodReportRow>()

/** A signed difference, red when it is not zero ("—" when there is nothing to compare). */
function Difference({ value, lng }: { value: number | null; lng: string }) {
  if (value === null) return <span className="text-ui-fg-muted">—</span>
  if (value === 0) return <span className="text-ui-fg-subtle">0</span>
  return <span className="text-ui-fg-error">{(value > 0 ? "+" : "") + vnd(value, lng)}</span>
}

/** An amount with the date it happened, or "—". */
function Dated({ amount, date, lng }: { amount: number; date: string | null; lng: string }) {
  if (!amount) return <span className="text-ui-fg-muted">—</span>
  return (
    <span>
      {vnd(amount, lng)}
      {date ? <span className="text-ui-fg-subtle block text-xs">{ghnDateTime(date, lng)}</span> : null}
    </span>
  )
}

/**
 * The GHN page's COD tab: each order parcel's COD as the store expected it against GHN's (collected,
 * transferred), the capture on delivery, and the checkout's shipping quote against GHN's fee;
 * filters for what a merchant chases, totals of the filter, and the filter as CSV.
 */
export function CodReport() {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const [filter, setFilter] = useState<CodFilter>("all")
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE })
  const query = useCodReport({ filter, limit: pagination.pageSize, offset: pagination.pageIndex * pagination.pageSize })
  const parcels = query.data?.parcels ?? []
  const totals = query.data?.totals

  const columns = useMemo(
    () => [
      columnHelper.accessor("order_display_id", {
        header: t("codReport.col.order"),
        cell: ({ getValue, row }) =>
          row.original.order_id ? (
            <Link to={`/orders/${row.original.order_id}`} className="text-ui-fg-interactive">
              #{getValue() ?? "—"}
            </Link>
          ) : (
            "—"
          ),
      }),
      columnHelper.accessor("order_code", {
        header: t("codReport.col.code"),
        cell: ({ getValue }) => <span className="font-mono" data-testid="ghn-cod-row-code">{getValue()}</span>,
      }),
      columnHelper.accessor("status", { header: t("codReport.col.status"), cell: ({ getValue }) => <GhnStatusBadge status={getValue()} /> }),
      columnHelper.accessor("cod_expected", { header: t("codReport.col.expected"), cell: ({ getValue }) => vnd(getValue(), lng) }),
      columnHelper.accessor("cod_ghn", { header: t("codReport.col.ghn"), cell: ({ getValue }) => vnd(getValue(), lng) }),
      columnHelper.accessor("cod_difference", { header: t("codReport.col.difference"), cell: ({ getValue }) => <Difference value={getValue()} lng={lng} /> }),
      // The order's check: its live parcels' COD against what Medusa says the customer owed by COD.
      columnHelper.accessor("order_cod_difference", {
        header: t("codReport.col.orderDifference"),
        cell: ({ getValue, row }) => (
          <span title={row.original.order_cod === null ? "" : t("codReport.orderCheck", { cod: vnd(row.original.order_cod, lng), due: vnd(row.original.order_cod_due ?? 0, lng) })}>
            <Difference value={getValue()} lng={lng} />
          </span>
        ),
      }),
      columnHelper.accessor("cod_collected", {
        header: t("codReport.col.collected"),
        cell: ({ getValue, row }) => <Dated amount={getValue()} date={row.original.cod_collect_date} lng={lng} />,
      }),
      columnHelper.accessor("cod_transferred", {
        header: t("codReport.col.transferred"),
        cell: ({ getValue, row }) => <Dated amount={getValue()} date={row.original.cod_transfer_date} lng={lng} />,
      }),
      columnHelper.accessor("cod_captured", {
        header: t("codReport.col.captured"),
        cell: ({ getValue, row }) =>
          row.original.cod_capture_status === "failed" ? (
            <span className="text-ui-fg-error" title={row.original.cod_capture_error ?? ""}>
              {t("shipment.codCapture_failed", { reason: row.original.cod_capture_error ?? "" })}
            </span>
          ) : getValue() ? (
            <span title={row.original.cod_capture_id ?? ""}>
              {vnd(getValue(), lng)}
              {row.original.cod_capture_id && <span className="text-ui-fg-subtle block txt-compact-xsmall">{row.original.cod_capture_id}</span>}
            </span>
          ) : (
            <span className="text-ui-fg-muted">—</span>
          ),
      }),
      columnHelper.accessor("quoted_fee", {
        header: t("codReport.col.quoted"),
        cell: ({ getValue }) => (getValue() === null ? <span className="text-ui-fg-muted">—</span> : vnd(getValue(), lng)),
      }),
      columnHelper.accessor("total_fee", { header: t("codReport.col.fee"), cell: ({ getValue }) => vnd(getValue(), lng) }),
      columnHelper.accessor("fee_difference", { header: t("codReport.col.feeDifference"), cell: ({ getValue }) => <Difference value={getValue()} lng={lng} /> }),
    ],
    [t, lng]
  )

  const table = useDataTable({
    columns,
    data: parcels,
    getRowId: (row) => row.order_code,
    rowCount: query.data?.count ?? 0,
    isLoading: query.isLoading,
    pagination: { state: pagination, onPaginationChange: setPagination },
  })

  const csvHref = backendHref(`/admin/ghn/cod?filter=${filter}&format=csv`)

  return (
    <DataTable instance={table}>
      <DataTable.Toolbar className="flex flex-col items-start justify-between gap-2 md:flex-row md:items-center">
        <div>
          <Heading>{t("codReport.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("codReport.subtitle")}
          </Text>
        </div>
        <div className="flex items-center gap-x-2">
          <Select
            size="small"
            value={filter}
            onValueChange={(value) => {
              setFilter(value as CodFilter)
              setPagination((p) => ({ ...p, pageIndex: 0 }))
            }}
          >
            <Select.Trigger data-testid="ghn-cod-filter">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {COD_FILTERS.map((f) => (
                <Select.Item key={f} value={f}>
                  {t(`codReport.filter.${f}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <Button size="small" variant="secondary" asChild>
            <a href={csvHref} download data-testid="ghn-cod-csv">
              <ArrowDownTray />
              {t("codReport.exportCsv")}
            </a>
          </Button>
        </div>
      </DataTable.Toolbar>
      {totals ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-2" data-testid="ghn-cod-totals">
          {t("codReport.totals", {
            parcels: totals.parcels,
            expected: vnd(totals.expected, lng),
            ghn: vnd(totals.ghn, lng),
            collected: vnd(totals.collected, lng),
            transferred: vnd(totals.transferred, lng),
            captured: vnd(totals.captured, lng),
          })}
        </Text>
      ) : null}
      {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
      <DataTable.Table
        emptyState={{
          empty: { heading: t("codReport.emptyTitle"), description: t("codReport.emptyDescription") },
          filtered: { heading: t("codReport.emptyTitle"), description: t("codReport.emptyDescription") },
        }}
      />
      <Paging />
    </DataTable>
  )
}
