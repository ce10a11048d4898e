import { Alert, Badge, Button, createDataTableColumnHelper, createDataTableCommandHelper, DataTable, DropdownMenu, Heading, IconButton, Text, toast, useDataTable, usePrompt } from "@medusajs/ui"
import type { DataTablePaginationState, DataTableRowSelectionState } from "@medusajs/ui"
import { EllipsisHorizontal } from "@medusajs/icons"
import { useMemo, useState } from "react"
import { Link } from "react-router-dom"
import { NEEDS_ACTION_STATUSES, QUEUE_UPDATE_FIELDS } from "../../lib/status/needs-action"
import { api, errorText, useInvalidate, useMutation, useNeedsAction, type NeedsActionShipment, type SwitchResult } from "../lib/api"
import { dateTime, useGhnTranslation, vnd } from "../lib/format"
import { Paging, ErrorState, GhnStatusBadge } from "./common"
import { EditShipmentDrawer } from "./edit-shipment-drawer"
import { ReceiverSummary } from "./receiver-history"
import { CreateTicketDrawer } from "./tickets"

const PAGE_SIZE = 20
const columnHelper = createDataTableColumnHelper<NeedsActionShipment>()
const commandHelper = createDataTableCommandHelper()

type Switched = { action: "redeliver" | "return"; results: SwitchResult[] }

/**
 * The "Needs action" queue: parcels waiting for the merchant (a failed delivery, a parcel held,
 * coming back or lost), the longest waiting first, with GHN's reason, the attempts, the COD at
 * stake and what a return would add. Re-deliver or return one parcel or many (GHN answers per
 * parcel), change what a failed delivery collects or the receiver's phone and address, or open a
 * GHN ticket with the parcel and reason filled in. `orderId` narrows it to one order.
 */
export function NeedsActionQueue({ orderId }: { orderId?: string | null }) {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const invalidate = useInvalidate()
  const prompt = usePrompt()
  const [status, setStatus] = useState<string | null>(null)
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE })
  const [rowSelection, setRowSelection] = useState<DataTableRowSelectionState>({})
  const [switched, setSwitched] = useState<Switched | null>(null)
  const [editing, setEditing] = useState<NeedsActionShipment | null>(null)
  const [ticketFor, setTicketFor] = useState<NeedsActionShipment | null>(null)

  const query = useNeedsAction({
    ...(status ? { status } : {}),
    ...(orderId ? { order_id: orderId } : {}),
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
  })
  const parcels = query.data?.parcels ?? []
  const counts = query.data?.counts ?? {}

  const switchStatus = useMutation({
    mutationFn: async ({ action, codes }: { action: Switched["action"]; codes: string[] }) => ({
      action,
      results: (action === "redeliver" ? await api.redeliver(codes) : await api.returnToSender(codes)).results,
    }),
    onSuccess: async (answer) => {
      setSwitched(answer)
      setRowSelection({})
      const refused = answer.results.filter((r) => !r.result).length
      const title = t(`queue.${answer.action}Done`, { done: answer.results.length - refused, count: answer.results.length })
      refused ? toast.warning(title) : toast.success(title)
      await invalidate(orderId)
    },
    onError: (e) => toast.error(errorText(e)),
  })

  const confirmSwitch = async (action: Switched["action"], codes: string[]) => {
    const ok = await prompt({
      title: t(`queue.${action}ConfirmTitle`, { count: codes.length }),
      description: t(`queue.${action}ConfirmDescription`, { codes: codes.join(", ") }),
      confirmText: t(`queue.${action}`),
      cancelText: t("common.cancel"),
    })
    if (ok) switchStatus.mutate({ action, codes })
  }

  const selectedCodes = (selection: DataTableRowSelectionState) => Object.keys(selection).filter((k) => selection[k])

  const columns = useMemo(
    () => [
      columnHelper.select(),
      columnHelper.accessor("order_code", {
        header: t("table.orderCode"),
        cell: ({ getValue, row }) => (
          <div className="flex flex-col">
            <span className="font-mono" data-testid="ghn-queue-code">
              {getValue()}
            </span>
            {row.original.order_id ? (
              <Link to={`/orders/${row.original.order_id}`} className="text-ui-fg-interactive text-xs" onClick={(e) => e.stopPropagation()}>
                {row.original.order_number ? `#${row.original.order_number}` : t("table.viewOrder")}
                {row.original.receiver ? ` · ${row.original.receiver}` : ""}
              </Link>
            ) : null}
            {row.original.needs.receiver ? (
              <span className="text-xs">
                <ReceiverSummary receiver={row.original.needs.receiver} />
              </span>
            ) : null}
          </div>
        ),
      }),
      columnHelper.accessor("status", {
        header: t("table.status"),
        cell: ({ getValue, row }) => (
          <div className="flex flex-col gap-y-1" data-testid="ghn-queue-status">
            <GhnStatusBadge status={getValue()} />
            <span className="text-ui-fg-subtle text-xs">{t("queue.since", { when: dateTime(row.original.needs.since, lng) })}</span>
          </div>
        ),
      }),
      columnHelper.display({
        id: "reason",
        header: t("queue.reason"),
        cell: ({ row }) => (
          <div className="flex max-w-[240px] flex-col" data-testid="ghn-queue-reason">
            <span className="whitespace-normal">{row.original.needs.reason || "—"}</span>
            {row.original.needs.reason_code ? <span className="text-ui-fg-muted font-mono text-xs">{row.original.needs.reason_code}</span> : null}
          </div>
        ),
      }),
      columnHelper.display({
        id: "attempts",
        header: t("queue.attempts"),
        cell: ({ row }) => <span data-testid="ghn-queue-attempts">{row.original.needs.attempts}</span>,
      }),
      columnHelper.display({
        id: "cod",
        header: t("queue.codAtStake"),
        cell: ({ row }) => (row.original.needs.cod_at_stake ? vnd(row.original.needs.cod_at_stake, lng) : "—"),
      }),
      columnHelper.display({
        id: "return_cost",
        header: t("queue.returnCost"),
        cell: ({ row }) => {
          const cost = row.original.needs.return_cost
          return (
            <span data-testid="ghn-queue-return-cost" title={cost.estimated ? t("queue.estimatedHint") : undefined}>
              {cost.estimated ? "≈ " : ""}
              {vnd(cost.amount, lng)}
            </span>
          )
        },
      }),
      columnHelper.display({
        id: "actions",
        cell: ({ row }) => {
          const p = row.original
          return (
            <DropdownMenu>
              <DropdownMenu.Trigger asChild>
                <IconButton size="small" variant="transparent" data-testid="ghn-queue-row-actions" onClick={(e) => e.stopPropagation()}>
                  <EllipsisHorizontal />
                </IconButton>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content>
                <DropdownMenu.Item disabled={!p.needs.actions.redeliver} onClick={() => confirmSwitch("redeliver", [p.order_code])} data-testid="ghn-queue-redeliver">
                  {t("queue.redeliver")}
                </DropdownMenu.Item>
                <DropdownMenu.Item disabled={!p.needs.actions.return} onClick={() => confirmSwitch("return", [p.order_code])} data-testid="ghn-queue-return">
                  {t("queue.return")}
                </DropdownMenu.Item>
                <DropdownMenu.Item disabled={!p.needs.actions.update.length} onClick={() => setEditing(p)} data-testid="ghn-queue-update">
                  {t("queue.update")}
                </DropdownMenu.Item>
                <DropdownMenu.Separator />
                <DropdownMenu.Item onClick={() => setTicketFor(p)} data-testid="ghn-queue-ticket">
                  {t("queue.ticket")}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu>
          )
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lng]
  )

  const commands = useMemo(
    () => [
      commandHelper.command({ label: t("queue.redeliver"), shortcut: "d", action: async (selection) => confirmSwitch("redeliver", selectedCodes(selection)) }),
      commandHelper.command({ label: t("queue.return"), shortcut: "r", action: async (selection) => confirmSwitch("return", selectedCodes(selection)) }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t]
  )

  const table = useDataTable({
    columns,
    data: parcels,
    getRowId: (row) => row.order_code,
    rowCount: query.data?.count ?? 0,
    isLoading: query.isLoading,
    commands,
    pagination: { state: pagination, onPaginationChange: setPagination },
    rowSelection: { state: rowSelection, onRowSelectionChange: setRowSelection },
  })

  const pick = (next: string | null) => {
    setStatus(next)
    setRowSelection({})
    setPagination({ ...pagination, pageIndex: 0 })
  }

  return (
    <div className="flex flex-col" data-testid="ghn-queue">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex flex-col items-start gap-2">
          <div>
            <Heading>{t("queue.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t("queue.subtitle")}
            </Text>
          </div>
          <div className="flex flex-wrap gap-2" data-testid="ghn-queue-statuses">
            <Button size="small" variant={status ? "transparent" : "secondary"} onClick={() => pick(null)}>
              {t("queue.all")} <Badge size="2xsmall">{query.data?.total ?? 0}</Badge>
            </Button>
            {NEEDS_ACTION_STATUSES.map((s) => (
              <Button key={s} size="small" variant={status === s ? "secondary" : "transparent"} onClick={() => pick(s)} data-testid={`ghn-queue-filter-${s}`}>
                {t(`status.${s}`, { defaultValue: s })} <Badge size="2xsmall">{counts[s] ?? 0}</Badge>
              </Button>
            ))}
          </div>
        </DataTable.Toolbar>
        {switched ? (
          <div className="px-6 pb-4">
            <Alert variant={switched.results.every((r) => r.result) ? "success" : "warning"} dismissible data-testid="ghn-queue-results">
              <Text size="small" weight="plus">
                {t(`queue.${switched.action}Results`)}
              </Text>
              <ul className="mt-1">
                {switched.results.map((r) => (
                  <li key={r.order_code} data-testid="ghn-queue-result">
                    <span className="font-mono">{r.order_code}</span>: {r.result ? t("queue.accepted") : `${t("queue.refused")}: ${r.reason ?? r.message}`}
                  </li>
                ))}
              </ul>
            </Alert>
          </div>
        ) : null}
        {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
        <DataTable.Table
          emptyState={{
            empty: { heading: t("queue.emptyTitle"), description: t("queue.emptyDescription") },
            filtered: { heading: t("queue.emptyTitle"), description: t("queue.emptyDescription") },
          }}
        />
        <Paging />
        <DataTable.CommandBar selectedLabel={(n) => t("table.selected", { count: n })} />
      </DataTable>
      {editing ? (
        <EditShipmentDrawer
          key={editing.order_code}
          shipment={editing}
          orderId={editing.order_id ?? ""}
          only={QUEUE_UPDATE_FIELDS}
          open={!!editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      {ticketFor ? (
        <CreateTicketDrawer
          key={ticketFor.order_code}
          open={!!ticketFor}
          onOpenChange={(open) => !open && setTicketFor(null)}
          orderCodes={[ticketFor.order_code]}
          orderId={ticketFor.order_id}
          initialDescription={t("queue.ticketText", {
            code: ticketFor.order_code,
            status: t(`status.${ticketFor.status}`, { defaultValue: ticketFor.status }),
            reason: ticketFor.needs.reason || "—",
            attempts: ticketFor.needs.attempts,
          })}
        />
      ) : null}
    </div>
  )
}
