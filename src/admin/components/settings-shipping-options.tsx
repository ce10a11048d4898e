import { Plus } from "@medusajs/icons"
import { Alert, Badge, Button, Drawer, Label, Select, Text, toast } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { SetupLocation } from "../../lib/insights/setup-checklist"
import { api, errorText, useInvalidate, useMutation } from "../lib/api"
import { useGhnTranslation } from "../lib/format"
import { sdk } from "../lib/sdk"
import { DrawerFooter, LoadingRows, LocationSelect } from "./common"

type Zone = { id: string; name: string; fulfillment_set: string }

/** The shipping service zones of a stock location (Medusa's own API). */
const useZones = (locationId: string | undefined) =>
  useQuery({
    queryKey: ["ghn", "location-zones", locationId],
    enabled: !!locationId,
    queryFn: async (): Promise<Zone[]> => {
      const { stock_location } = await sdk.admin.stockLocation.retrieve(locationId!, { fields: "id,*fulfillment_sets,*fulfillment_sets.service_zones" })
      return (stock_location.fulfillment_sets ?? [])
        .filter((s) => s.type === "shipping")
        .flatMap((s) => (s.service_zones ?? []).map((z) => ({ id: z.id, name: z.name, fulfillment_set: s.name })))
    },
  })

/** For a location and a zone: what will be created (zone, provider, options), then created on confirmation. */
function CreateShippingOptionsDrawer({ locations, onOpenChange }: { locations: SetupLocation[]; onOpenChange: (open: boolean) => void }) {
  const { t } = useGhnTranslation()
  const invalidate = useInvalidate()
  const [locationId, setLocationId] = useState<string | undefined>(locations.length === 1 ? locations[0].id : undefined)
  const [zoneChoice, setZoneChoice] = useState<string | undefined>()
  const zones = useZones(locationId)
  const zoneId = zoneChoice ?? (zones.data?.length === 1 ? zones.data[0].id : undefined)
  const ready = !!locationId && zones.isSuccess && (zones.data.length <= 1 || !!zoneId)
  const query = { location_id: locationId!, ...(zoneId ? { service_zone_id: zoneId } : {}) }
  const plan = useQuery({ queryKey: ["ghn", "shipping-options-plan", query], queryFn: () => api.shippingOptionsPlan(query), enabled: ready, retry: false, staleTime: 0 })
  const [error, setError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: () => api.createShippingOptions(query),
    onSuccess: async ({ shipping_options }) => {
      toast.success(t("shippingOptions.created", { count: shipping_options.length }))
      await invalidate()
      onOpenChange(false)
    },
    onError: (e) => setError(errorText(e)),
  })
  const p = plan.data?.plan
  return (
    <Drawer open onOpenChange={onOpenChange}>
      <Drawer.Content data-testid="ghn-shipping-options-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("shippingOptions.title")}</Drawer.Title>
          <Drawer.Description>{t("shippingOptions.description")}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          <div className="flex flex-col gap-y-1">
            <Label size="small">{t("shippingOptions.location")}</Label>
            <LocationSelect locations={locations} value={locationId ?? ""} onChange={(v) => (setLocationId(v), setZoneChoice(undefined), setError(null))} placeholder={t("shops.choose")} testId="ghn-shipping-options-location" />
          </div>
          {zones.data && zones.data.length > 1 ? (
            <div className="flex flex-col gap-y-1">
              <Label size="small">{t("shippingOptions.zone")}</Label>
              <Select value={zoneId ?? ""} onValueChange={(v) => (setZoneChoice(v), setError(null))}>
                <Select.Trigger data-testid="ghn-shipping-options-zone">
                  <Select.Value placeholder={t("shops.choose")} />
                </Select.Trigger>
                <Select.Content>
                  {zones.data.map((z) => (
                    <Select.Item key={z.id} value={z.id}>
                      {`${z.fulfillment_set} · ${z.name}`}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          ) : null}
          {plan.isFetching ? <LoadingRows rows={2} /> : null}
          {plan.isError ? <Alert variant="error">{errorText(plan.error)}</Alert> : null}
          {p ? (
            <div className="flex flex-col gap-y-3" data-testid="ghn-shipping-options-plan">
              <Text size="small">
                {p.service_zone.create
                  ? t("shippingOptions.newZone", { zone: p.service_zone.name, set: p.service_zone.fulfillment_set })
                  : t("shippingOptions.inZone", { zone: p.service_zone.name, set: p.service_zone.fulfillment_set })}
              </Text>
              {p.provider.enable ? <Text size="small">{t("shippingOptions.enableProvider", { provider: p.provider.id })}</Text> : null}
              <ul className="flex flex-col gap-y-1">
                {p.options.map((o) => (
                  <li key={o.name} className="flex items-center gap-x-2" data-testid="ghn-shipping-options-planned">
                    <Text size="small" weight="plus">
                      {o.name}
                    </Text>
                    <Badge size="2xsmall" color={o.is_return ? "orange" : "blue"}>
                      {o.is_return ? t("shippingOptions.return") : t("shippingOptions.outbound")}
                    </Badge>
                  </li>
                ))}
              </ul>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("shippingOptions.rename")}
              </Text>
              {p.duplicates.length ? (
                <Alert variant="warning" data-testid="ghn-shipping-options-duplicates">
                  {t("shippingOptions.duplicates", { names: p.duplicates.map((d) => d.name).join(", ") })}
                </Alert>
              ) : null}
            </div>
          ) : null}
          {error ? <Alert variant="error">{error}</Alert> : null}
        </Drawer.Body>
        <DrawerFooter>
          <Button size="small" disabled={!p || p.duplicates.length > 0 || plan.isFetching} isLoading={create.isPending} onClick={() => (setError(null), create.mutate())} data-testid="ghn-shipping-options-create">
            {t("shippingOptions.create", { count: p?.options.length ?? 0 })}
          </Button>
        </DrawerFooter>
      </Drawer.Content>
    </Drawer>
  )
}

/** The Set-up checklist's action on its shipping-options line: the drawer that plans, then creates, a location's GHN options. */
export function CreateShippingOptionsButton({ locations }: { locations: SetupLocation[] }) {
  const { t } = useGhnTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="small" variant="secondary" onClick={() => setOpen(true)} disabled={!locations.length} data-testid="ghn-setup-create-options">
        <Plus />
        {t("shippingOptions.open")}
      </Button>
      {open ? <CreateShippingOptionsDrawer locations={locations} onOpenChange={setOpen} /> : null}
    </>
  )
}
