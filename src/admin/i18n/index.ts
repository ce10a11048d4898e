import en from "./en.json"
import vi from "./vi.json"

/**
 * The plugin's admin texts, in the namespace "ghn" (components call useTranslation("ghn")).
 * Medusa's admin merges every extension's src/admin/i18n/index.ts default export into its
 * i18next resources: { <language>: { <namespace>: texts } }. The admin's language (profile ->
 * language) picks them; English is the fallback.
 */
export default {
  en: { ghn: en },
  vi: { ghn: vi },
}
