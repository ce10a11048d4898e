/**
 * The integration's health and its alerts: the Health section's answer (the route and the alerts
 * job read the same), and each alert opened and cleared once, told to the team through Medusa's
 * Notification Module (the admin's feed, and the channel the store names).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type AlertState, alertStates, alertText } from "../lib/health/alerts"
import { type Health, healthOf } from "../lib/health/health"
import { refusedTokenNoticeOf } from "../lib/runtime/outage-fallback"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

/** The Health section's answer now (this process's latest GHN calls kept first). */
export async function ghnHealth(ghn: GhnModuleService): Promise<Health> {
  await ghn.keepCallStats()
  const [figures, refused] = await Promise.all([ghn.healthFigures(), refusedTokenNoticeOf(ghn.cache.store)])
  const accounts = ghn.providerAccounts.map((a) => ({
    provider_id: a.provider_id,
    shop_id: a.options.shopId,
    // Its name, never a URL (the sandbox's, a proxy's): "custom" for any other.
    environment: a.options.environment === "production" || a.options.environment === "staging" ? a.options.environment : "custom",
    budget_per_second: a.options.ghnRequestsPerSecond ?? null,
  }))
  return healthOf({ accounts, ...figures, refused_token: refused })
}

type Told = { state: AlertState; phase: "open" | "clear" }

/**
 * Opens each alert that fires and is not open, and clears each open one that no longer fires:
 * one atomic statement each, so of two instances checking at once one tells the team. Returns what
 * was told.
 */
export async function checkGhnAlerts(container: MedusaContainer, now = new Date()): Promise<Told[]> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [health, inTransit, open] = await Promise.all([ghnHealth(ghn), ghn.parcelsInTransit(), ghn.alerts.openOnes()])
  const told: Told[] = []
  for (const state of alertStates({ health, now, parcelsInTransit: inTransit }, ghn.options.alerts)) {
    const isOpen = open.some((o) => o.kind === state.kind && o.account === state.account)
    if (state.firing && !isOpen && (await ghn.alerts.open(state.kind, state.account, state.params))) told.push({ state, phase: "open" })
    if (!state.firing && isOpen) {
      const cleared = await ghn.alerts.clear(state.kind, state.account)
      // Cleared with the words it opened with (which shop, which run).
      if (cleared) told.push({ state: { ...state, params: { ...(cleared.params ?? {}), ...state.params } }, phase: "clear" })
    }
  }
  if (told.length) await tell(container, told)
  return told
}

/** Each alert to the admin's feed and, when the store names one, to its channel (`alerts.channel`, `alerts.to`). */
async function tell(container: MedusaContainer, told: Told[]) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const logger = container.resolve<{ warn(message: string): void }>(ContainerRegistrationKeys.LOGGER)
  const { channel, to, locale } = ghn.options.alerts
  const notifications = told.flatMap(({ state, phase }) => {
    const text = alertText(state, phase, locale)
    const data = { ...text, kind: state.kind, account: state.account, phase }
    return [
      { to: "", channel: "feed", template: "admin-ui", data: { title: text.title, description: text.description } },
      ...(channel && to ? [{ to, channel, template: "ghn-alert", data }] : []),
    ]
  })
  for (const { state, phase } of told) logger.warn(`GHN alert ${phase === "open" ? "opened" : "cleared"}: ${alertText(state, phase, "en").description}`)
  try {
    const notification = container.resolve<{ createNotifications(data: unknown[]): Promise<unknown> }>(Modules.NOTIFICATION)
    await notification.createNotifications(notifications)
  } catch (error) {
    logger.warn(`GHN: the team could not be told of ${told.length} alerts through the Notification Module: ${(error as Error).message}`)
  }
}
