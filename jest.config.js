// Two projects: fast unit tests beside the code, and integration tests that boot Medusa
// on PostgreSQL and talk to the GHN sandbox over HTTP.
const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    { jsc: { parser: { syntax: "typescript", decorators: true, tsx: true }, target: "es2022" } },
  ],
}
const common = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/", "<rootDir>/.data/", "<rootDir>/.demo/", "<rootDir>/.cache/"],
}

module.exports = {
  testTimeout: 180000,
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: ["<rootDir>/src/**/__tests__/**/*.unit.spec.[jt]s"],
    },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/integration-tests/**/*.spec.[jt]s"],
      globalSetup: "<rootDir>/integration-tests/setup/global-setup.js",
      globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.js",
      setupFiles: ["<rootDir>/integration-tests/setup/env.js"],
      setupFilesAfterEnv: ["<rootDir>/integration-tests/setup/ceiling.js", "<rootDir>/integration-tests/setup/spec-violations.js"],
    },
  ],
}
