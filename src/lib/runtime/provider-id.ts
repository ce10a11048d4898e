/**
 * The GHN fulfilment provider's identifier. Medusa names a provider `<identifier>_<id>`, where
 * `id` is whatever the store registers it under (`{ resolve, id: "ghn" }` -> `ghn` + `_ghn`,
 * `{ id: "hn" }` -> `ghn_hn`): a store may register it several times (several GHN accounts).
 */
export const GHN_PROVIDER_IDENTIFIER = "ghn"

/** Is this provider id (of a fulfilment, shipping option or location) one of this plugin's providers? */
export function isGhnProviderId(providerId: string | null | undefined): providerId is string {
  return typeof providerId === "string" && providerId.startsWith(`${GHN_PROVIDER_IDENTIFIER}_`) && providerId.length > GHN_PROVIDER_IDENTIFIER.length + 1
}

/** The provider id Medusa gives a registration of the GHN provider under `id`. */
export function ghnProviderIdOf(registrationId: string) {
  return `${GHN_PROVIDER_IDENTIFIER}_${registrationId}`
}
