import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Receipt, TruckFast } from "@medusajs/icons"
import {
  Alert,
  Button,
  Container,
  createDataTableColumnHelper,
  createDataTableCommandHelper,
  createDataTableFilterHelper,
  DataTable,
  Heading,
  Tabs,
  Text,
  useDataTable,
  type DataTableFilteringState,
  type DataTablePaginationState,
  type DataTableRowSelectionState,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { BulkPrintModal, MAX_LABELS, type PrintSource } from "../../components/bulk-print"
import { CodReport } from "../../components/cod-report"
import { HealthReport } from "../../components/health"
import { InsightsReport } from "../../components/insights"
import { NeedsActionQueue } from "../../components/needs-action"
import { ReadyToShip } from "../../components/ready-to-ship"
import { ReweighReport } from "../../components/reweigh-report"
import { SavedAddresses } from "../../components/saved-addresses"
import { Paging, ErrorState, GhnStatusBadge } from "../../components/common"
import { errorText, useGhnNotices, useNeedsAction, useReadyToShip, useShipments, type Shipment } from "../../lib/api"
import { date, dateTime, expectedDay, STATUSES, useGhnTranslation, vnd } from "../../lib/format"

const PAGE_SIZE = 20
const columnHelper = createDataTableColumnHelper<Shipment>()
const filterHelper = createDataTableFilterHelper<Shipment>()
const commandHelper = createDataTableCommandHelper()

/** Midnight (local) `n` days ago, as ISO. */
const daysAgo = (n: number) => {
  const d = new Date()
  d.setHours(0, 0, 0, 0)
  d.setDate(d.getDate() - n)
  return d.toISOString()
}

/** The table's filters as the query of GET /admin/ghn/shipments. */
function queryOf(filtering: DataTableFilteringState, search: string) {
  const q: Record<string, unknown> = {}
  const status = filtering.status as string[] | string | undefined
  if (Array.isArray(status) ? status.length : status) q.status = Array.isArray(status) ? status.join(",") : status
  const created = filtering.created_at as { $gte?: string; $lte?: string; $gt?: string; $lt?: string } | undefined
  if (created?.$gte || created?.$gt) q.created_from = created.$gte ?? created.$gt
  if (created?.$lte || created?.$lt) q.created_to = created.$lte ?? created.$lt
  const cod = filtering.cod_amount as string | undefined
  if (cod === "with" || cod === "without") q.has_cod = cod === "with" ? "true" : "false"
  if (search.trim()) q.q = search.trim()
  return q
}

const TABS = ["ready", "shipments", "action", "cod", "reweigh", "addresses", "insights", "health"] as const

/**
 * The GHN page: the orders ready to ship, the shipments, the parcels waiting for a decision, the
 * cash-on-delivery report, the re-weighing report, the saved addresses to choose again and the
 * delivery insights and the integration's health (the tab is in the URL: ?tab=ready, ?tab=action, ?tab=cod, ?tab=reweigh,
 * ?tab=addresses, ?tab=insights, ?tab=health;
 * ?order_id= narrows the queue to one order).
 */
const GhnPage = () => {
  const { t } = useGhnTranslation()
  const [params, setParams] = useSearchParams()
  const asked = params.get("tab")
  const tab = (TABS as readonly string[]).includes(asked ?? "") ? (asked as (typeof TABS)[number]) : "shipments"
  const orderId = params.get("order_id")
  // The tab's label counts every parcel waiting (one row is enough to read the counts).
  const waiting = useNeedsAction({ limit: 1 }).data?.total ?? 0
  const refusedToken = useGhnNotices().data?.refused_token
  const ready = useReadyToShip({ limit: 1 }).data?.count ?? 0
  return (
    <>
    {refusedToken && (
      <Alert variant="error" className="mb-2" data-testid="ghn-refused-token">
        {t("notices.refusedToken", { at: dateTime(refusedToken.at), shop: refusedToken.shop_id, message: refusedToken.message })}{" "}
        <Link to="/settings/ghn">{t("notices.checkConnection")}</Link>
      </Alert>
    )}
    <Tabs value={tab} onValueChange={(value) => setParams(value === "shipments" ? {} : { tab: value }, { replace: true })}>
      <Tabs.List className="mb-2">
        <Tabs.Trigger value="shipments" data-testid="ghn-tab-shipments">
          {t("codReport.shipmentsTab")}
        </Tabs.Trigger>
        <Tabs.Trigger value="ready" data-testid="ghn-tab-ready">
          {t("ready.tab", { count: ready })}
        </Tabs.Trigger>
        <Tabs.Trigger value="action" data-testid="ghn-tab-action">
          {t("queue.tab", { count: waiting })}
        </Tabs.Trigger>
        <Tabs.Trigger value="cod" data-testid="ghn-tab-cod">
          {t("codReport.tab")}
        </Tabs.Trigger>
        <Tabs.Trigger value="reweigh" data-testid="ghn-tab-reweigh">
          {t("reweigh.tab")}
        </Tabs.Trigger>
        <Tabs.Trigger value="addresses" data-testid="ghn-tab-addresses">
          {t("savedAddresses.tab")}
        </Tabs.Trigger>
        <Tabs.Trigger value="insights" data-testid="ghn-tab-insights">
          {t("insights.tab")}
        </Tabs.Trigger>
        <Tabs.Trigger value="health" data-testid="ghn-tab-health">
          {t("health.tab")}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="shipments">
        <GhnShipments />
      </Tabs.Content>
      <Tabs.Content value="ready">
        <Container className="flex flex-col p-0">
          <ReadyToShip />
        </Container>
      </Tabs.Content>
      <Tabs.Content value="action">
        <Container className="flex flex-col p-0" data-testid="ghn-action-page">
          <NeedsActionQueue orderId={orderId} />
        </Container>
      </Tabs.Content>
      <Tabs.Content value="reweigh">
        <Container className="flex flex-col p-0" data-testid="ghn-reweigh-page">
          <ReweighReport />
        </Container>
      </Tabs.Content>
      <Tabs.Content value="addresses">
        <Container className="flex flex-col p-0" data-testid="ghn-addresses-page">
          <SavedAddresses />
        </Container>
      </Tabs.Content>
      <Tabs.Content value="insights">
        <InsightsReport />
      </Tabs.Content>
      <Tabs.Content value="health">
        <HealthReport />
      </Tabs.Content>
      <Tabs.Content value="cod">
        <Container className="flex flex-col p-0" data-testid="ghn-cod-page">
          <CodReport />
        </Container>
      </Tabs.Content>
    </Tabs>
    </>
  )
}

/** Every GHN shipment of the store: filters, selection and bulk label printing. */
const GhnShipments = () => {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE })
  const [filtering, setFiltering] = useState<DataTableFilteringState>({})
  const [search, setSearch] = useState("")
  const [rowSelection, setRowSelection] = useState<DataTableRowSelectionState>({})
  const [printing, setPrinting] = useState<PrintSource | null>(null)

  const filterQuery = useMemo(() => queryOf(filtering, search), [filtering, search])
  const query = useShipments({ ...filterQuery, limit: pagination.pageSize, offset: pagination.pageIndex * pagination.pageSize })
  const shipments = query.data?.shipments ?? []
  const count = query.data?.count ?? 0

  const columns = useMemo(
    () => [
      columnHelper.select(),
      columnHelper.accessor("order_code", {
        header: t("table.orderCode"),
        cell: ({ getValue }) => <span className="font-mono" data-testid="ghn-row-code">{getValue()}</span>,
      }),
      columnHelper.accessor("status", { header: t("table.status"), cell: ({ getValue }) => <GhnStatusBadge status={getValue()} /> }),
      columnHelper.accessor("order_id", {
        header: t("table.order"),
        cell: ({ getValue, row }) =>
          getValue() ? (
            <div className="flex flex-col">
              <Link to={`/orders/${getValue()}`} className="text-ui-fg-interactive" onClick={(e) => e.stopPropagation()} data-testid="ghn-row-order">
                {row.original.order_number
                  ? `${row.original.is_return ? `${t("table.returnOf")} ` : ""}#${row.original.order_number}`
                  : row.original.is_return
                    ? t("table.returnOf")
                    : t("table.viewOrder")}
              </Link>
              {row.original.receiver ? (
                <span className="text-ui-fg-subtle text-xs" data-testid="ghn-row-receiver">
                  {row.original.receiver}
                </span>
              ) : null}
            </div>
          ) : (
            "—"
          ),
      }),
      columnHelper.accessor("cod_amount", { header: t("table.cod"), cell: ({ getValue }) => (getValue() ? vnd(getValue(), lng) : "—") }),
      columnHelper.accessor("total_fee", { header: t("table.fee"), cell: ({ getValue }) => vnd(getValue(), lng) }),
      columnHelper.accessor("expected_delivery_time", { header: t("table.expected"), cell: ({ getValue }) => expectedDay(getValue(), lng) }),
      columnHelper.accessor("created_at", { header: t("table.created"), cell: ({ getValue }) => dateTime(getValue(), lng) }),
    ],
    [t, lng]
  )

  const filters = useMemo(
    () => [
      filterHelper.accessor("status", {
        type: "multiselect",
        // Medusa UI's search box in this menu has English words of its own ("Search...").
        searchable: false,
        label: t("table.status"),
        options: STATUSES.map((s) => ({ label: t(`status.${s}`, { defaultValue: s }), value: s })),
      }),
      filterHelper.accessor("created_at", {
        type: "date",
        label: t("table.created"),
        format: "date",
        formatDateValue: (d: Date) => date(d, lng),
        rangeOptionLabel: t("table.range"),
        rangeOptionStartLabel: t("table.from"),
        rangeOptionEndLabel: t("table.to"),
        options: [
          { label: t("table.today"), value: { $gte: daysAgo(0) } },
          { label: t("table.last7"), value: { $gte: daysAgo(7) } },
          { label: t("table.last30"), value: { $gte: daysAgo(30) } },
        ],
      }),
      filterHelper.accessor("cod_amount", {
        type: "radio",
        label: t("table.cod"),
        options: [
          { label: t("table.withCod"), value: "with" },
          { label: t("table.withoutCod"), value: "without" },
        ],
      }),
    ],
    [t, lng]
  )

  const commands = useMemo(
    () => [
      commandHelper.command({
        label: t("table.printSelected"),
        shortcut: "p",
        action: async (selection) => {
          const codes = Object.keys(selection).filter((k) => selection[k])
          setPrinting({ kind: "codes", codes })
        },
      }),
    ],
    [t]
  )

  const table = useDataTable({
    columns,
    data: shipments,
    getRowId: (row) => row.order_code,
    rowCount: count,
    isLoading: query.isLoading,
    filters,
    commands,
    pagination: { state: pagination, onPaginationChange: setPagination },
    filtering: { state: filtering, onFilteringChange: (f) => (setFiltering(f), setRowSelection({})) },
    search: { state: search, onSearchChange: (s) => (setSearch(s), setRowSelection({})) },
    rowSelection: { state: rowSelection, onRowSelectionChange: setRowSelection },
  })

  return (
    <Container className="flex flex-col p-0" data-testid="ghn-shipments-page">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex flex-col items-start justify-between gap-2 md:flex-row md:items-center" translations={{ clearAll: t("paging.clearAll") }}>
          <div>
            <Heading>{t("page.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t("page.subtitle")}
            </Text>
          </div>
          <div className="flex items-center gap-x-2">
            <DataTable.Search placeholder={t("table.search")} />
            <DataTable.FilterMenu tooltip={t("table.filter")} />
            <Button
              size="small"
              variant="secondary"
              disabled={!count}
              onClick={() => setPrinting({ kind: "filter", query: filterQuery, count })}
              data-testid="ghn-print-all"
            >
              <Receipt />
              {t("table.printAll", { count: Math.min(count, MAX_LABELS) })}
            </Button>
          </div>
        </DataTable.Toolbar>
        {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
        <DataTable.Table
          emptyState={{
            empty: { heading: t("page.emptyTitle"), description: t("page.emptyDescription") },
            filtered: { heading: t("page.filteredTitle"), description: t("page.filteredDescription") },
          }}
        />
        <Paging />
        <DataTable.CommandBar selectedLabel={(n) => t("table.selected", { count: n })} />
      </DataTable>
      <BulkPrintModal source={printing} onClose={() => setPrinting(null)} />
    </Container>
  )
}

export const config = defineRouteConfig({ label: "menu.shipments", translationNs: "ghn", icon: TruckFast })

export default GhnPage
