// One ceiling for every integration test and hook: it only bounds a test that hangs, never decides
// one that passes (a test waits for the state it asserts, integration-tests/helpers/wait.ts). The
// slowest file's longest test takes about 5 minutes on a loaded 2-core machine.
jest.setTimeout(900_000)
