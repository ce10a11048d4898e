jest.mock("../shipments", () => ({ recoveryPass: jest.fn() }))

import type { MedusaContainer } from "@medusajs/framework/types"
import applyPendingGhnEventsJob, { config } from "../../jobs/apply-pending-ghn-events"
import { recoveryPass } from "../shipments"

function fakeContainer() {
  const logger = { info: jest.fn(), warn: jest.fn() }
  const container = { resolve: (key: string) => (key === "logger" ? logger : undefined) } as unknown as MedusaContainer
  return { container, logger }
}

describe("the apply-pending-ghn-events job (the recovery pass's owner)", () => {
  beforeEach(() => jest.mocked(recoveryPass).mockReset())

  it("runs the recovery pass and tells what it applied and captured", async () => {
    const { container, logger } = fakeContainer()
    jest.mocked(recoveryPass).mockResolvedValue({ callbacks: { applied: 2, waiting: 1, failed: 1, done: 0, seen: 4 }, cod: { due: 1, captured: 1 } })
    await applyPendingGhnEventsJob(container)
    expect(recoveryPass).toHaveBeenCalledWith(container)
    expect(logger.info).toHaveBeenCalledWith(expect.stringContaining("applied the callbacks of 2 parcels (1 failed, 1 callbacks waiting for their shipment) and captured 1 CODs"))
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("1 parcels' stored callbacks could not be applied"))
  })

  it("says nothing when the pass found nothing to do", async () => {
    const { container, logger } = fakeContainer()
    jest.mocked(recoveryPass).mockResolvedValue({ callbacks: { applied: 0, waiting: 3, failed: 0, done: 0, seen: 3 }, cod: { due: 0, captured: 0 } })
    await applyPendingGhnEventsJob(container)
    expect(logger.info).not.toHaveBeenCalled()
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it("runs in the worker every 15 s, so its first run follows a start within 15 s", () => {
    expect(config).toEqual({ name: "apply-pending-ghn-events", schedule: { interval: 15_000 } })
  })
})
