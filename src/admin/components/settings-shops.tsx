import { BuildingStorefront, Plus } from "@medusajs/icons"
import { Alert, Badge, Button, Container, Drawer, Input, Label, Select, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { api, errorText, useInvalidate, useMutation, useShops, type LocationShop, type Settings, type Shop } from "../lib/api"
import { useGhnTranslation } from "../lib/format"
import { DrawerFooter, EmptyState, ErrorState, LoadingRows, SectionHeader } from "./common"

/** Province -> district -> ward, from GHN's (legacy) lists: what Create Shop takes. */
export function AddressPicker({ value, onChange }: { value: { province?: number; district?: number; ward?: string }; onChange: (v: { province?: number; district?: number; ward?: string }) => void }) {
  const { t } = useGhnTranslation()
  const provinces = useQuery({ queryKey: ["ghn", "provinces"], queryFn: api.provinces, staleTime: 3600_000 })
  const districts = useQuery({ queryKey: ["ghn", "districts", value.province], queryFn: () => api.districts(value.province!), enabled: !!value.province, staleTime: 3600_000 })
  const wards = useQuery({ queryKey: ["ghn", "wards", value.district], queryFn: () => api.wards(value.district!), enabled: !!value.district, staleTime: 3600_000 })
  const select = (label: string, current: string | undefined, items: { id: number | string; name: string }[] | undefined, set: (v: string) => void, disabled: boolean, testId: string) => (
    <div className="flex flex-col gap-y-1">
      <Label size="small">{label}</Label>
      <Select value={current ?? ""} onValueChange={set} disabled={disabled}>
        <Select.Trigger data-testid={testId}>
          <Select.Value placeholder={t("shops.choose")} />
        </Select.Trigger>
        <Select.Content>
          {(items ?? []).map((i) => (
            <Select.Item key={String(i.id)} value={String(i.id)}>
              {i.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </div>
  )
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
      {select(t("shops.province"), value.province ? String(value.province) : undefined, provinces.data?.provinces, (v) => onChange({ province: Number(v) }), !provinces.data, "ghn-province")}
      {select(t("shops.district"), value.district ? String(value.district) : undefined, districts.data?.districts, (v) => onChange({ province: value.province, district: Number(v) }), !districts.data, "ghn-district")}
      {select(t("shops.ward"), value.ward, wards.data?.wards, (v) => onChange({ ...value, ward: v }), !wards.data, "ghn-ward")}
    </div>
  )
}

function CreateShopDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useGhnTranslation()
  const invalidate = useInvalidate()
  const [name, setName] = useState("")
  const [phone, setPhone] = useState("")
  const [address, setAddress] = useState("")
  const [place, setPlace] = useState<{ province?: number; district?: number; ward?: string }>({})
  const [error, setError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: () => api.createShop({ name: name.trim(), phone: phone.trim(), address: address.trim(), district_id: place.district, ward_code: place.ward }),
    onSuccess: async ({ shop_id }) => {
      toast.success(t("shops.created", { id: shop_id }))
      await invalidate()
      onOpenChange(false)
    },
    onError: (e) => setError(errorText(e)),
  })
  const valid = name.trim() && phone.trim() && address.trim() && place.district && place.ward
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content data-testid="ghn-create-shop">
        <Drawer.Header>
          <Drawer.Title>{t("shops.createTitle")}</Drawer.Title>
          <Drawer.Description>{t("shops.createDescription")}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="ghn-shop-name">
              {t("shops.name")}
            </Label>
            <Input id="ghn-shop-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="ghn-shop-phone">
              {t("shops.phone")}
            </Label>
            <Input id="ghn-shop-phone" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder={t("formats.phone")} />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="ghn-shop-address">
              {t("shops.address")}
            </Label>
            <Input id="ghn-shop-address" value={address} onChange={(e) => setAddress(e.target.value)} />
          </div>
          <AddressPicker value={place} onChange={setPlace} />
          {error ? <Alert variant="error">{error}</Alert> : null}
        </Drawer.Body>
        <DrawerFooter>
          <Button size="small" disabled={!valid} isLoading={create.isPending} onClick={() => (setError(null), create.mutate())}>
            {t("shops.create")}
          </Button>
        </DrawerFooter>
      </Drawer.Content>
    </Drawer>
  )
}

export const shopName = (shops: Shop[] | undefined, id: number) => shops?.find((s) => s._id === id)?.name ?? null

/** Settings -> GHN, shops of the account (Get Shop) and Create Shop. */
export function ShopsSection() {
  const { t } = useGhnTranslation()
  const query = useShops()
  const [creating, setCreating] = useState(false)
  const shops = query.data?.shops ?? []
  return (
    <Container className="divide-y p-0" data-testid="ghn-shops">
      <SectionHeader
        title={t("shops.title")}
        subtitle={t("shops.subtitle")}
        actions={
          <Button size="small" variant="secondary" onClick={() => setCreating(true)}>
            <Plus />
            {t("shops.create")}
          </Button>
        }
      />
      {query.isLoading ? <LoadingRows /> : null}
      {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
      {query.isSuccess && !shops.length ? <EmptyState title={t("shops.empty")} /> : null}
      {shops.length ? (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("shops.id")}</Table.HeaderCell>
              <Table.HeaderCell>{t("shops.name")}</Table.HeaderCell>
              <Table.HeaderCell>{t("shops.phone")}</Table.HeaderCell>
              <Table.HeaderCell>{t("shops.address")}</Table.HeaderCell>
              <Table.HeaderCell>{t("shops.status")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shops.map((s) => (
              <Table.Row key={s._id} data-testid="ghn-shop-row" data-shop-id={s._id}>
                <Table.Cell className="font-mono">{s._id}</Table.Cell>
                <Table.Cell>
                  <span className="flex items-center gap-x-2">
                    <BuildingStorefront className="text-ui-fg-muted" />
                    {s.name}
                    {s._id === query.data?.default_shop_id ? (
                      <Badge size="2xsmall" color="blue">
                        {t("shops.default")}
                      </Badge>
                    ) : null}
                  </span>
                </Table.Cell>
                <Table.Cell>{s.phone}</Table.Cell>
                <Table.Cell className="max-w-[280px] truncate">{s.address}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={s.status === 1 ? "green" : "grey"}>
                    {s.status === 1 ? t("shops.active") : t("shops.inactive", { status: s.status ?? "?" })}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      ) : null}
      {creating ? <CreateShopDrawer open={creating} onOpenChange={setCreating} /> : null}
    </Container>
  )
}

/** "As configured": the location ships from the option `locationShops`, else the default shop. */
const CONFIGURED = "configured"

/** A location's shop: chosen from the account's shops (saved at once), or a new shop made from the location's address. */
function LocationShopCell({ location, shops }: { location: LocationShop; shops: Shop[] | undefined }) {
  const { t } = useGhnTranslation()
  const invalidate = useInvalidate()
  const prompt = usePrompt()
  const save = useMutation({
    mutationFn: (shopId: number | null) => api.saveLocationShops([{ location_id: location.id, shop_id: shopId }]),
    onSuccess: async ({ locations }) => {
      const saved = locations.find((l) => l.id === location.id)
      toast.success(t("locations.saved", { location: location.name, shop: saved?.shop_id ?? "" }))
      await invalidate()
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const create = useMutation({
    mutationFn: () => api.createLocationShop(location.id),
    onSuccess: async ({ shop_id }) => {
      toast.success(t("locations.shopCreated", { location: location.name, shop: shop_id }))
      await invalidate()
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const onCreate = async () => {
    const ok = await prompt({
      title: t("locations.createShopTitle"),
      description: t("locations.createShopConfirm", { location: location.name, address: location.address || "—" }),
      confirmText: t("locations.createShop"),
      cancelText: t("common.cancel"),
    })
    if (ok) create.mutate()
  }
  const name = shopName(shops, location.shop_id)
  const value = location.source === "stored" ? String(location.shop_id) : CONFIGURED
  return (
    <div className="flex flex-col gap-y-1">
      <div className="flex items-center gap-x-2">
        <Select value={value} onValueChange={(v) => save.mutate(v === CONFIGURED ? null : Number(v))} disabled={save.isPending || !shops}>
          <Select.Trigger className="min-w-[240px]" data-testid="ghn-location-shop-select">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value={CONFIGURED}>{t("locations.asConfigured")}</Select.Item>
            {(shops ?? []).map((s) => (
              <Select.Item key={s._id} value={String(s._id)} disabled={s.status !== 1}>
                {`${s._id} · ${s.name}${s.status !== 1 ? ` (${t("shops.inactive", { status: s.status ?? "?" })})` : ""}`}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
        <Button size="small" variant="transparent" onClick={onCreate} isLoading={create.isPending} data-testid="ghn-location-create-shop">
          <Plus />
          {t("locations.createShop")}
        </Button>
      </div>
      <Text size="xsmall" className="text-ui-fg-subtle" data-testid="ghn-location-shop">
        <span className="font-mono">{location.shop_id}</span> {name ? `· ${name}` : ""}{" "}
        <Badge size="2xsmall" color={location.source === "stored" ? "blue" : location.source === "option" ? "purple" : "grey"}>
          {t(`locations.source.${location.source}`)}
        </Badge>
      </Text>
      {shops && !name ? (
        <Text size="xsmall" className="text-ui-fg-error">
          {t("locations.unknownShop")}
        </Text>
      ) : null}
    </div>
  )
}

/**
 * Settings -> GHN, which GHN shop each stock location ships from: saved here (over the plugin
 * option `locationShops`), from the next fulfilment on.
 */
export function LocationsSection({ settings }: { settings: Settings | undefined }) {
  const { t } = useGhnTranslation()
  const shops = useShops()
  if (!settings) return null
  return (
    <Container className="divide-y p-0" data-testid="ghn-locations">
      <SectionHeader title={t("locations.title")} subtitle={t("locations.subtitle")} />
      {settings.locations.length ? (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("locations.location")}</Table.HeaderCell>
              <Table.HeaderCell>{t("locations.shop")}</Table.HeaderCell>
              <Table.HeaderCell>{t("locations.ghn")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {settings.locations.map((l) => (
              <Table.Row key={l.id} data-testid="ghn-location-row" data-location-id={l.id}>
                <Table.Cell>
                  <Text size="small" weight="plus">
                    {l.name}
                  </Text>
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {l.address}
                  </Text>
                </Table.Cell>
                <Table.Cell className="py-2">
                  <LocationShopCell location={l} shops={shops.data?.shops} />
                </Table.Cell>
                <Table.Cell>{l.ghn_enabled === null ? "—" : l.ghn_enabled ? t("common.yes") : t("common.no")}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      ) : (
        <EmptyState title={t("locations.empty")} />
      )}
      <div className="px-6 py-3">
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("locations.howTo")}
        </Text>
      </div>
    </Container>
  )
}
