/**
 * Fakes for the runners' and subscribers' unit specs: a container that resolves only what it is
 * given (anything else is a failure naming the key), and a stubbed workflow's `run`.
 */
import type { MedusaContainer } from "@medusajs/framework/types"

export type FakeLogger = { warn: jest.Mock; info: jest.Mock; error: jest.Mock }

export function fakeContainer(services: Record<string, unknown>): { container: MedusaContainer; logger: FakeLogger } {
  const logger: FakeLogger = { warn: jest.fn(), info: jest.fn(), error: jest.fn() }
  const registered: Record<string, unknown> = { logger, ...services }
  const container = {
    resolve(key: string) {
      if (!(key in registered)) throw new Error(`the fake container has no ${key}`)
      return registered[key]
    },
  }
  return { container: container as unknown as MedusaContainer, logger }
}

/**
 * Makes a jest.mock'ed workflow (`workflow(container).run(...)`) answer through `run`; returns
 * `run` to assert its inputs.
 */
export function stubWorkflow(workflow: unknown, run: jest.Mock = jest.fn()): jest.Mock {
  ;(workflow as jest.Mock).mockReturnValue({ run })
  return run
}
