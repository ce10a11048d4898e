// The page's "starter" look: Tailwind 3 as Medusa's Next.js starter runs it, with the few tokens
// of @medusajs/ui-preset (not installed here) that the guide's classes name, as CSS variables of
// its light theme (starter.css). Content: this page and docs/storefront.md, whose step 3 holds the
// classes the pickers get.
const path = require("node:path")

module.exports = {
  content: [path.join(__dirname, "*.tsx"), path.join(__dirname, "../../../docs/storefront.md")],
  theme: {
    extend: {
      colors: {
        "ui-bg-base": "var(--bg-base)",
        "ui-bg-base-hover": "var(--bg-base-hover)",
        "ui-bg-field": "var(--bg-field)",
        "ui-bg-field-hover": "var(--bg-field-hover)",
        "ui-bg-subtle": "var(--bg-subtle)",
        "ui-border-base": "var(--border-base)",
        "ui-border-interactive": "var(--border-interactive)",
        "ui-fg-base": "var(--fg-base)",
        "ui-fg-subtle": "var(--fg-subtle)",
        "ui-fg-muted": "var(--fg-muted)",
        "ui-fg-disabled": "var(--fg-disabled)",
        "ui-fg-error": "var(--fg-error)",
        "ui-fg-interactive": "var(--fg-interactive)",
        "ui-fg-interactive-hover": "var(--fg-interactive-hover)",
      },
      boxShadow: {
        "borders-interactive-with-active": "var(--borders-interactive-with-active)",
        "elevation-flyout": "var(--elevation-flyout)",
      },
      borderRadius: { rounded: "8px" },
      transformOrigin: { 0: "0%" },
    },
  },
  plugins: [
    ({ addComponents }) =>
      addComponents({
        ".txt-compact-small": { fontSize: "0.8125rem", lineHeight: "1.25rem", fontWeight: "400" },
        ".txt-compact-medium": { fontSize: "0.875rem", lineHeight: "1.25rem", fontWeight: "400" },
        ".txt-compact-medium-plus": { fontSize: "0.875rem", lineHeight: "1.25rem", fontWeight: "500" },
        ".txt-medium": { fontSize: "0.875rem", lineHeight: "1.3125rem", fontWeight: "400" },
        ".txt-medium-plus": { fontSize: "0.875rem", lineHeight: "1.3125rem", fontWeight: "500" },
      }),
  ],
}
