import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"
import { ErrorState } from "../../../components/common"
import { ConnectionSection } from "../../../components/settings-connection"
import { OnboardingSection } from "../../../components/settings-onboarding"
import { ProvidersSection } from "../../../components/settings-providers"
import { SetupSection } from "../../../components/settings-setup"
import { LocationsSection, ShopsSection } from "../../../components/settings-shops"
import { ShiftsSection, WebhookSection } from "../../../components/settings-webhook"
import { errorText, useSettings } from "../../../lib/api"
import { useGhnTranslation } from "../../../lib/format"

/** Settings -> GHN: connection, shops, partner onboarding, location -> shop map, pick shifts, webhook. */
const GhnSettingsPage = () => {
  const { t } = useGhnTranslation()
  const settings = useSettings()
  return (
    <div className="flex flex-col gap-y-3" data-testid="ghn-settings-page">
      <Container className="px-6 py-4">
        <Heading>{t("settings.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("settings.subtitle")}
        </Text>
      </Container>
      {settings.isError ? (
        <Container className="p-0">
          <ErrorState message={errorText(settings.error)} onRetry={() => settings.refetch()} />
        </Container>
      ) : null}
      <SetupSection />
      <ConnectionSection />
      <ProvidersSection settings={settings.data?.settings} />
      <ShopsSection />
      <OnboardingSection />
      <LocationsSection settings={settings.data?.settings} />
      <ShiftsSection />
      <WebhookSection settings={settings.data?.settings} />
    </div>
  )
}

export const config = defineRouteConfig({ label: "menu.settings", translationNs: "ghn" })

export default GhnSettingsPage
