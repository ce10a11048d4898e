module.exports = async function globalTeardown() {
  await globalThis.__GHN_TEST_PG__?.stop()
}
