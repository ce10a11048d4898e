module.exports = async function globalTeardown() {
  await globalThis.__GHN_TEST_SANDBOX__?.close()
  await globalThis.__GHN_TEST_PG__?.stop()
}
