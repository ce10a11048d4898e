/**
 * The GHN options a test file's store runs with: read from GHN_OPTIONS when the runner loads
 * medusa-config.ts, so a file calls this at its top. Every file starts from the options of
 * integration-tests/setup/env.js (GHN_TEST_OPTIONS: no deadline a loaded machine can reach); a
 * file adds its own, and sets a deadline only where it tests one.
 */
export function useGhnOptions(options: Record<string, unknown>) {
  process.env.GHN_OPTIONS = JSON.stringify({ ...JSON.parse(process.env.GHN_TEST_OPTIONS || "{}"), ...options })
}
