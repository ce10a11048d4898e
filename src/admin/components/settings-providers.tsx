import { Badge, Button, Container, Text } from "@medusajs/ui"
import { api, errorText, useMutation, type Connection, type Settings } from "../lib/api"
import { useGhnTranslation } from "../lib/format"
import { SectionHeader } from "./common"

/** One registration of the GHN provider, with its own connection check (its token and shop). */
function ProviderRow({ provider }: { provider: Settings["providers"][number] }) {
  const { t } = useGhnTranslation()
  const check = useMutation({ mutationFn: () => api.providerConnection(provider.provider_id!) })
  const connection: Connection | undefined = check.data?.connection
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-6 py-3" data-testid="ghn-provider-row">
      <Text size="small" weight="plus" className="font-mono">
        {provider.provider_id}
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        {t(`connection.env.${provider.environment.name}`, { defaultValue: provider.environment.name })} · {t("providers.shop", { id: provider.shop_id })}
      </Text>
      {connection ? (
        <Badge color={connection.ok ? "green" : "red"} data-testid="ghn-provider-verdict">
          {connection.ok ? t("connection.ok") : `${t("connection.failed")}: ${connection.token.ok === false ? connection.token.message : connection.shop.message}`}
        </Badge>
      ) : check.isError ? (
        <Badge color="red">{errorText(check.error)}</Badge>
      ) : null}
      <div className="ml-auto">
        <Button size="small" variant="secondary" onClick={() => check.mutate()} isLoading={check.isPending} data-testid="ghn-provider-check">
          {t("providers.check")}
        </Button>
      </div>
    </div>
  )
}

/** Settings -> GHN: every GHN provider the store registers (several GHN accounts or shops). */
export function ProvidersSection({ settings }: { settings?: Settings }) {
  const { t } = useGhnTranslation()
  const providers = (settings?.providers ?? []).filter((p) => p.provider_id)
  if (!providers.length) return null
  return (
    <Container className="divide-y p-0" data-testid="ghn-providers">
      <SectionHeader title={t("providers.title")} subtitle={t("providers.subtitle")} />
      {providers.map((p) => (
        <ProviderRow key={p.provider_id} provider={p} />
      ))}
    </Container>
  )
}
