import { Badge, Button, createDataTableColumnHelper, createDataTableCommandHelper, DataTable, Heading, Input, Label, Select, Text, toast, useDataTable } from "@medusajs/ui"
import type { DataTablePaginationState, DataTableRowSelectionState } from "@medusajs/ui"
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useMemo, useState } from "react"
import { Link } from "react-router-dom"
import { vietnamDayStart } from "../../lib/ghn/dates"
import { api, errorText, keys, LABEL_SIZES, useInvalidate, useMutation, useReadyToShip, useShifts, useShippingRun, useShippingRuns, type LabelSize, type ReadyOrder, type ShippingRun } from "../lib/api"
import { backendHref } from "../lib/sdk"
import { failureText } from "../lib/errors"
import { dateTime, useGhnTranslation, vnd } from "../lib/format"
import { Paging, ALL_LOCATIONS, ErrorState, StockLocationSelect } from "./common"
import { DayField } from "./day-field"
import { HandoverScan } from "./handover-scan"

const PAGE_SIZE = 20
const columnHelper = createDataTableColumnHelper<ReadyOrder>()
const commandHelper = createDataTableCommandHelper()
/** The tab's filters as chosen (days placed as Vietnamese calendar days, YYYY-MM-DD). */
type Filters = { payment?: "cod" | "prepaid"; service_type_id?: "2" | "5"; problems_only?: "true"; location_id?: string; placed_from?: string; placed_to?: string }
const DAY_MS = 86_400_000
/** The filters as the API takes them: a day placed from its first to its last millisecond in Việt Nam. */
const apiFilter = ({ placed_from, placed_to, service_type_id, ...rest }: Filters) => ({
  ...rest,
  ...(placed_from ? { placed_from: vietnamDayStart(placed_from).toISOString() } : {}),
  ...(placed_to ? { placed_to: new Date(vietnamDayStart(placed_to).getTime() + DAY_MS - 1).toISOString() } : {}),
  ...(service_type_id ? { service_type_id: Number(service_type_id) } : {}),
})

/**
 * Ready to ship: the orders with items to fulfil and a GHN shipping method, each with its COD,
 * parcel, province, location and what will stop GHN; select a page's orders or all that match,
 * and create their GHN orders as one shipping run (progress polled live), then print all its
 * labels and the driver's handover list.
 */
export function ReadyToShip() {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const invalidate = useInvalidate()
  const [filters, setFilters] = useState<Filters>({})
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE })
  const [rowSelection, setRowSelection] = useState<DataTableRowSelectionState>({})
  const [runId, setRunId] = useState<string | null>(null)
  /** The pickup shift the next run asks GHN for: "rule" is the store's rule (option pickShift). */
  const [shift, setShift] = useState("rule")
  const query = useReadyToShip({ ...apiFilter(filters), limit: pagination.pageSize, offset: pagination.pageIndex * pagination.pageSize })
  const todayShifts = useShifts().data?.today ?? []
  const withShift = (body: Record<string, unknown>) => (shift !== "rule" ? { ...body, pick_shift: Number(shift) } : body)
  const orders = query.data?.orders ?? []
  const count = query.data?.count ?? 0
  const autoShip = query.data?.auto_ship ?? null

  const start = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.startRun(body),
    onSuccess: async ({ shipping_run }) => {
      setRowSelection({})
      setRunId(shipping_run.id)
      toast.success(t("ready.started", { count: shipping_run.total }))
      await invalidate()
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const hold = useMutation({
    mutationFn: ({ ids, held }: { ids: string[]; held: boolean }) => api.holdOrders(ids, held),
    onSuccess: async (answer) => {
      setRowSelection({})
      toast.success(answer.held !== undefined ? t("ready.heldDone", { count: answer.held }) : t("ready.releasedDone", { count: answer.released ?? 0 }))
      await invalidate()
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const filterBody = () => {
    const { problems_only: _p, ...rest } = apiFilter(filters)
    return rest
  }

  const columns = useMemo(
    () => [
      columnHelper.select(),
      columnHelper.accessor("order_number", {
        header: t("ready.order"),
        cell: ({ getValue, row }) => (
          <div className="flex flex-col">
            <Link to={`/orders/${row.original.id}`} className="text-ui-fg-interactive" onClick={(e) => e.stopPropagation()}>
              #{getValue()}
            </Link>
            <span className="text-ui-fg-subtle text-xs">{dateTime(row.original.placed_at, lng)}</span>
          </div>
        ),
      }),
      columnHelper.accessor("payment", {
        header: t("ready.payment"),
        cell: ({ getValue, row }) => (
          <div className="flex flex-col">
            <Badge size="2xsmall" color={getValue() === "cod" ? "orange" : "green"}>
              {t(`ready.${getValue()}`)}
            </Badge>
            {getValue() === "cod" ? <span className="text-xs">{vnd(row.original.cod_amount, lng)}</span> : null}
          </div>
        ),
      }),
      columnHelper.display({
        id: "parcel",
        header: t("ready.parcel"),
        cell: ({ row }) => (
          <span>
            {row.original.weight !== null ? `${row.original.weight} g` : "—"} · {row.original.service_type_id ? t(`ready.service${row.original.service_type_id}`) : "—"}
          </span>
        ),
      }),
      columnHelper.accessor("province", { header: t("ready.province"), cell: ({ getValue }) => getValue() ?? "—" }),
      columnHelper.accessor("location_name", { header: t("ready.location"), cell: ({ getValue }) => getValue() ?? "—" }),
      columnHelper.display({
        id: "problems",
        header: t("ready.problems"),
        cell: ({ row }) =>
          row.original.problems.length ? (
            <div className="flex max-w-[320px] flex-col gap-y-1" data-testid="ghn-ready-problems">
              {row.original.problems.map((p, i) => (
                <span key={i} className="text-ui-fg-error whitespace-normal text-xs" title={p.message}>
                  {/* An address in a few words and GHN's first candidates (the whole message on hover); others as the server words them. */}
                  {p.code === "address"
                    ? `${t("ready.addressProblem", { part: t(`ready.part_${p.part}`) })}${p.candidates.length ? ` (${t("ready.candidates")}: ${p.candidates.slice(0, 2).join("; ")})` : ""}`
                    : t(`errors.ready_${p.code}`, { field: t(`errors.field_${"field" in p ? p.field : ""}`, { defaultValue: "field" in p ? p.field : "" }), code: "order_code" in p ? (p.order_code ?? p.client_order_code) : "", defaultValue: p.message })}
                </span>
              ))}
            </div>
          ) : (
            <Badge size="2xsmall" color="green">
              {t("ready.ok")}
            </Badge>
          ),
      }),
      ...(autoShip
        ? [
            columnHelper.display({
              id: "auto_ship",
              header: t("ready.autoColumn"),
              cell: ({ row }) => <AutoShipCell order={row.original} />,
            }),
          ]
        : []),
    ],
    [t, lng, autoShip]
  )

  const commands = useMemo(
    () => {
      const selected = (selection: DataTableRowSelectionState) => Object.keys(selection).filter((k) => selection[k])
      return [
        commandHelper.command({
          label: t("ready.createSelected"),
          shortcut: "g",
          action: async (selection) => {
            const ids = selected(selection)
            if (ids.length) start.mutate(withShift({ order_ids: ids }))
          },
        }),
        ...(autoShip
          ? [
              commandHelper.command({
                label: t("ready.hold"),
                shortcut: "h",
                action: async (selection) => {
                  const ids = selected(selection)
                  if (ids.length) hold.mutate({ ids, held: true })
                },
              }),
              commandHelper.command({
                label: t("ready.release"),
                shortcut: "r",
                action: async (selection) => {
                  const ids = selected(selection)
                  if (ids.length) hold.mutate({ ids, held: false })
                },
              }),
            ]
          : []),
      ]
    },
    [t, start, hold, autoShip, shift]
  )

  const table = useDataTable({
    data: orders,
    columns,
    commands,
    getRowId: (row) => row.id,
    rowCount: count,
    isLoading: query.isLoading,
    pagination: { state: pagination, onPaginationChange: setPagination },
    rowSelection: { state: rowSelection, onRowSelectionChange: setRowSelection },
  })

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K] | "all") => {
    setFilters((f) => {
      const next = { ...f }
      if (value === "all") delete next[key]
      else next[key] = value as Filters[K]
      return next
    })
    setPagination((p) => ({ ...p, pageIndex: 0 }))
  }

  return (
    <div className="flex flex-col" data-testid="ghn-ready-page">
      <div className="flex flex-wrap items-center justify-between gap-2 px-6 py-4">
        <div>
          <Heading level="h2">{t("ready.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("ready.subtitle")}
          </Text>
          {autoShip ? (
            <Text size="small" className="text-ui-fg-subtle" data-testid="ghn-ready-auto-ship">
              {t("ready.autoOn", { delay: autoShip.delay_minutes, when: t(`ready.when_${autoShip.when}`) })}
            </Text>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall" htmlFor="ghn-ready-from">
              {t("ready.placedFrom")}
            </Label>
            <DayField id="ghn-ready-from" label={t("ready.placedFrom")} value={filters.placed_from ?? ""} max={filters.placed_to} onChange={(day) => setFilter("placed_from", day || "all")} testId="ghn-ready-from" />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall" htmlFor="ghn-ready-to">
              {t("ready.placedTo")}
            </Label>
            <DayField id="ghn-ready-to" label={t("ready.placedTo")} value={filters.placed_to ?? ""} min={filters.placed_from} onChange={(day) => setFilter("placed_to", day || "all")} testId="ghn-ready-to" />
          </div>
          <StockLocationSelect value={filters.location_id ?? ALL_LOCATIONS} onChange={(v) => setFilter("location_id", v)} allLabel={t("ready.allLocations")} testId="ghn-ready-location" className="w-[180px]" />
          <Select size="small" value={filters.payment ?? "all"} onValueChange={(v) => setFilter("payment", v as Filters["payment"] | "all")}>
            <Select.Trigger className="w-[200px]" data-testid="ghn-ready-payment">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="all">{t("ready.allPayments")}</Select.Item>
              <Select.Item value="cod">{t("ready.cod")}</Select.Item>
              <Select.Item value="prepaid">{t("ready.prepaid")}</Select.Item>
            </Select.Content>
          </Select>
          <Select size="small" value={filters.service_type_id ?? "all"} onValueChange={(v) => setFilter("service_type_id", v as Filters["service_type_id"] | "all")}>
            <Select.Trigger className="w-[160px]" data-testid="ghn-ready-service">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="all">{t("ready.allServices")}</Select.Item>
              <Select.Item value="2">{t("ready.service2")}</Select.Item>
              <Select.Item value="5">{t("ready.service5")}</Select.Item>
            </Select.Content>
          </Select>
          <Button size="small" variant={filters.problems_only ? "primary" : "secondary"} onClick={() => setFilter("problems_only", filters.problems_only ? "all" : "true")} data-testid="ghn-ready-problems-only">
            {t("ready.problemsOnly")}
          </Button>
          <Select size="small" value={shift} onValueChange={setShift}>
            <Select.Trigger className="w-[260px]" data-testid="ghn-ready-shift">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="rule">{t("ready.shiftRule")}</Select.Item>
              {todayShifts.map((s) => (
                <Select.Item key={s.id} value={String(s.id)}>
                  {t("ready.shiftOf", { title: s.title })}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <Button
            size="small"
            disabled={!count || start.isPending}
            isLoading={start.isPending}
            onClick={() => start.mutate(withShift({ filter: filterBody() }))}
            data-testid="ghn-ready-create-all"
          >
            {t("ready.createAll", { count })}
          </Button>
        </div>
      </div>
      {runId ? <RunProgress id={runId} onClose={() => setRunId(null)} /> : null}
      {query.isError ? (
        <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} />
      ) : (
        <DataTable instance={table}>
          <DataTable.Table emptyState={{ empty: { heading: t("ready.empty") } }} />
          <Paging />
          <DataTable.CommandBar selectedLabel={(n) => t("ready.selected", { count: n })} />
        </DataTable>
      )}
      <RunList onOpen={setRunId} />
    </div>
  )
}

/** An order's place in automatic shipping's queue: when it ships, or why it does not on its own. */
function AutoShipCell({ order }: { order: ReadyOrder }) {
  const { t, i18n } = useGhnTranslation()
  const state = order.auto_ship
  if (!state) return <span className="text-ui-fg-muted">—</span>
  if (state.status === "waiting" && state.due_at && !state.reason) {
    return (
      <Badge size="2xsmall" color="blue" data-testid="ghn-ready-auto">
        {t("ready.autoAt", { at: dateTime(state.due_at, i18n.language) })}
      </Badge>
    )
  }
  const key = state.status === "held" ? "held" : state.status === "shipped" ? "shipped" : (state.reason ?? "not_ready")
  return (
    <Badge size="2xsmall" color={state.status === "held" ? "purple" : state.status === "waiting" ? "orange" : "grey"} data-testid="ghn-ready-auto">
      {t(`ready.auto_${key}`)}
    </Badge>
  )
}

/** A run's live progress (x of N, created, failed with reasons), and once it has parcels its labels and handover list. */
function RunProgress({ id, onClose }: { id: string; onClose?: () => void }) {
  const { t, i18n } = useGhnTranslation()
  const [handover, setHandover] = useState(false)
  const invalidate = useInvalidate()
  const query = useShippingRun(id)
  const [size, setSize] = useState<LabelSize>("A5")
  const run = query.data?.shipping_run
  const act = useMutation({
    mutationFn: async (what: "cancel" | "retry" | "labels") => {
      if (what === "cancel") return void (await api.cancelRun(id))
      if (what === "retry") return void (await api.retryRun(id))
      const { labels } = await api.runLabels(id, size)
      for (const label of labels) window.open(label.url, "_blank", "noopener")
    },
    onSuccess: () => invalidate(),
    onError: (e) => toast.error(errorText(e)),
  })
  // As the run ships orders, the list and the tab's count lose them (read again, never guessed here).
  const client = useQueryClient()
  const shipped = run ? `${run.created}:${run.failed}:${run.status}` : ""
  useEffect(() => {
    if (!shipped) return
    void client.invalidateQueries({ queryKey: keys.readyToShip({}).slice(0, 2) })
    void client.invalidateQueries({ queryKey: keys.runs({}).slice(0, 2) })
  }, [shipped, client])
  if (!run) return null
  const done = run.created + run.failed + run.cancelled
  const failed = (run.results ?? []).filter((r) => r.status === "failed")
  return (
    <div className="bg-ui-bg-subtle mx-6 mb-4 flex flex-col gap-y-2 rounded-lg p-4" data-testid="ghn-run-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Text weight="plus" data-testid="ghn-run-counts">
          {t("ready.progress", { done, total: run.total, created: run.created, failed: run.failed })} · {t(`ready.status_${run.status}`)}
        </Text>
        <div className="flex flex-wrap items-center gap-2 whitespace-nowrap">
          {run.status === "queued" || run.status === "running" ? (
            <Button size="small" variant="secondary" onClick={() => act.mutate("cancel")} data-testid="ghn-run-cancel">
              {t("ready.cancelRun")}
            </Button>
          ) : null}
          {run.failed ? (
            <Button size="small" variant="secondary" onClick={() => act.mutate("retry")} data-testid="ghn-run-retry">
              {t("ready.retryFailed", { count: run.failed })}
            </Button>
          ) : null}
          {run.created ? (
            <>
              <Select size="small" value={size} onValueChange={(v) => setSize(v as LabelSize)}>
                <Select.Trigger className="w-[100px]">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {LABEL_SIZES.map((s) => (
                    <Select.Item key={s} value={s}>
                      {s}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
              <Button size="small" variant="secondary" onClick={() => act.mutate("labels")} data-testid="ghn-run-labels">
                {t("ready.printAll")}
              </Button>
              <Button size="small" variant="secondary" onClick={() => setHandover(true)} data-testid="ghn-run-scan">
                {t("handover.open")}
              </Button>
              <a className="text-ui-fg-interactive text-small" href={backendHref(`/admin/ghn/shipping-runs/${id}/handover?format=html`)} target="_blank" rel="noreferrer" data-testid="ghn-run-handover">
                {t("ready.handover")}
              </a>
              <a className="text-ui-fg-interactive text-small" href={backendHref(`/admin/ghn/shipping-runs/${id}/handover?format=pdf`)} target="_blank" rel="noreferrer" data-testid="ghn-run-handover-pdf">
                {t("handover.pdf")}
              </a>
              <a className="text-ui-fg-interactive text-small" href={backendHref(`/admin/ghn/shipping-runs/${id}/handover?format=csv`)} download data-testid="ghn-run-handover-csv">
                {t("handover.csv")}
              </a>
            </>
          ) : null}
          {onClose ? (
            <Button size="small" variant="transparent" onClick={onClose}>
              {t("common.close")}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="bg-ui-bg-base h-2 w-full overflow-hidden rounded">
        <div className="bg-ui-fg-interactive h-2" style={{ width: `${run.total ? Math.round((done / run.total) * 100) : 0}%` }} />
      </div>
      {failed.map((r) => {
        const why = r.error ? failureText(t, i18n.language, r.error) : null
        return (
          <Text key={r.order_id} size="small" className="text-ui-fg-error" data-testid="ghn-run-failure" title={why?.detail}>
            #{r.display_id}: {why?.text}
            {why?.ghn ? (
              <span className="text-ui-fg-subtle" data-testid="ghn-run-failure-ghn">
                {" "}
                ({t("errors.ghnSays", { text: why.ghn })})
              </span>
            ) : null}
          </Text>
        )
      })}
      <HandoverScan runId={id} open={handover} onClose={() => setHandover(false)} />
    </div>
  )
}

/** The store's runs, newest first: open one to see its progress, labels and handover list. */
function RunList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useGhnTranslation()
  const runs = useShippingRuns({ limit: 10 }).data?.shipping_runs ?? []
  if (!runs.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="ghn-run-list">
      <Heading level="h3">{t("ready.runs")}</Heading>
      {runs.map((run: ShippingRun) => (
        <button key={run.id} className="flex justify-between text-left" onClick={() => onOpen(run.id)}>
          <Text size="small">{dateTime(run.created_at, i18n.language)}</Text>
          <Text size="small">
            {t("ready.progress", { done: run.created + run.failed + run.cancelled, total: run.total, created: run.created, failed: run.failed })} · {t(`ready.status_${run.status}`)}
          </Text>
        </button>
      ))}
    </div>
  )
}
