/**
 * Tests that need something outside Node (Redis, a browser) skip loudly on a developer's machine
 * that lacks it, and fail under CI (CI=true, as .ci/run sets), where a skip would hide a gap.
 */
export const underCi = () => !!process.env.CI && !["0", "false"].includes(process.env.CI.toLowerCase())

/**
 * `describe` when nothing is missing (or under CI: the tests then fail saying what is missing),
 * else `describe.skip` after a banner on stderr naming what the tests need.
 */
export function describeWhen(missing: string | null, what: string): jest.Describe {
  if (!missing || underCi()) return describe
  const line = "=".repeat(100)
  process.stderr.write(
    `\n${line}\nSKIPPED: ${what}\n  ${missing}\n  (Under CI=true these tests fail instead of skipping.)\n${line}\n\n`
  )
  return describe.skip
}
