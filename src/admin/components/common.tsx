import { ExclamationCircle } from "@medusajs/icons"
import { Alert, Button, Container, DataTable, Drawer, Heading, Select, Skeleton, StatusBadge, Text, clx } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useStockLocations } from "../lib/api"
import { statusColor, useGhnTranslation } from "../lib/format"

/** The value of a stock location filter that lets every location through. */
export const ALL_LOCATIONS = "all"

/**
 * A choice among stock locations (given), with an optional first item for every one (`ALL_LOCATIONS`,
 * labelled `allLabel`), or a placeholder until one is chosen.
 */
export function LocationSelect({ locations, value, onChange, allLabel, placeholder, size, testId, className }: { locations: { id: string; name: string }[]; value: string; onChange: (locationId: string) => void; allLabel?: string; placeholder?: string; size?: "small" | "base"; testId: string; className?: string }) {
  return (
    <Select size={size} value={value} onValueChange={onChange}>
      <Select.Trigger className={className} data-testid={testId}>
        <Select.Value placeholder={placeholder} />
      </Select.Trigger>
      <Select.Content>
        {allLabel !== undefined ? <Select.Item value={ALL_LOCATIONS}>{allLabel}</Select.Item> : null}
        {locations.map((l) => (
          <Select.Item key={l.id} value={l.id}>
            {l.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  )
}

/** A filter by the store's stock locations: one of them, or every one (`ALL_LOCATIONS`, labelled `allLabel`). */
export function StockLocationSelect(props: { value: string; onChange: (locationId: string) => void; allLabel: string; testId: string; className?: string }) {
  const locations = useStockLocations().data?.stock_locations ?? []
  return <LocationSelect {...props} locations={locations} size="small" />
}

/** A GHN order status as a coloured badge with its translated label. */
export function GhnStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useGhnTranslation()
  return (
    <StatusBadge color={statusColor(status)} className={clx("whitespace-nowrap", className)} data-testid="ghn-status" data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </StatusBadge>
  )
}

/** A ticket status; 2 ("waiting for your reply") stands out. */
export function TicketStatusBadge({ statusId }: { statusId: number }) {
  const { t } = useGhnTranslation()
  const color = statusId === 2 ? "orange" : statusId === 3 ? "green" : "blue"
  return (
    <StatusBadge color={color} className={clx("whitespace-nowrap", statusId === 2 && "font-medium")} data-testid="ticket-status" data-status-id={statusId}>
      {t(`tickets.status.${statusId}`, { defaultValue: String(statusId) })}
    </StatusBadge>
  )
}

export function SectionHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-x-4 px-6 py-4">
      <div>
        <Heading level="h2">{title}</Heading>
        {subtitle ? (
          <Text size="small" className="text-ui-fg-subtle">
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions ? <div className="flex items-center gap-x-2">{actions}</div> : null}
    </div>
  )
}

export function LoadingRows({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-5 w-full" />
      ))}
    </div>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useGhnTranslation()
  return (
    <div className="px-6 py-4">
      <Alert variant="error" data-testid="ghn-error">
        <div className="flex items-start justify-between gap-x-4">
          <span className="break-words">{message}</span>
          {onRetry ? (
            <Button size="small" variant="secondary" onClick={onRetry}>
              {t("common.retry")}
            </Button>
          ) : null}
        </div>
      </Alert>
    </div>
  )
}

export function EmptyState({ title, description }: { title: string; description?: string }) {
  return (
    <div className="flex flex-col items-center gap-y-1 px-6 py-8 text-center" data-testid="ghn-empty">
      <ExclamationCircle className="text-ui-fg-muted" />
      <Text size="small" weight="plus">
        {title}
      </Text>
      {description ? (
        <Text size="small" className="text-ui-fg-subtle">
          {description}
        </Text>
      ) : null}
    </div>
  )
}

/** A label and its value, in the key-facts grids. */
export function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-y-0.5" data-testid={testId}>
      <Text size="xsmall" className="text-ui-fg-muted">
        {label}
      </Text>
      <Text size="small" className="text-ui-fg-base">
        {children}
      </Text>
    </div>
  )
}

export { Container }

/** A DataTable's paging in the admin's language ("1 — 20 trên 45 kết quả", "Trước", "Sau"), not Medusa UI's English defaults. */
export function Paging() {
  const { t } = useGhnTranslation()
  return <DataTable.Pagination translations={{ of: t("paging.of"), results: t("paging.results"), pages: t("paging.pages"), prev: t("paging.prev"), next: t("paging.next") }} />
}

/** A drawer's footer: a secondary button that closes the drawer, then the drawer's own action. */
export function DrawerFooter({ closeLabel, children }: { closeLabel?: string; children?: ReactNode }) {
  const { t } = useGhnTranslation()
  return (
    <Drawer.Footer>
      <Drawer.Close asChild>
        <Button variant="secondary" size="small">
          {closeLabel ?? t("common.cancel")}
        </Button>
      </Drawer.Close>
      {children}
    </Drawer.Footer>
  )
}
