jest.mock("../../workflows/resolve-ghn-saved-addresses", () => ({ resolveGhnSavedAddressesWorkflow: jest.fn() }))

import { Modules } from "@medusajs/framework/utils"
import { resolveGhnSavedAddressesWorkflow, type SavedAddressesSummary } from "../../workflows/resolve-ghn-saved-addresses"
import { resolveAllSavedAddresses } from "../saved-addresses"
import { fakeContainer, stubWorkflow } from "./fakes"

/** The customer module's Vietnamese saved addresses, paged as Medusa pages them. */
function fakeCustomers(ids: string[]) {
  return {
    listCustomerAddresses: jest.fn(async (_filter: Record<string, unknown>, config: { take: number; skip: number }) =>
      ids.slice(config.skip, config.skip + config.take).map((id) => ({ id }))
    ),
  }
}

/** One page's summary: every address resolved, the first one changed, the last one a choice. */
const pageSummary = (ids: string[]): SavedAddressesSummary => ({
  resolved: ids.length - 1,
  needs_choice: 1,
  skipped: 0,
  changed: 1,
  choices: [{ address_id: ids[ids.length - 1], customer_id: "cus_1", label: "Phường 1", code: "ambiguous", candidates: ["A", "B"] }],
})

beforeEach(() => jest.clearAllMocks())

describe("resolveAllSavedAddresses", () => {
  it("resolves every Vietnamese saved address a page per workflow run and adds the pages up", async () => {
    const customers = fakeCustomers(["a1", "a2", "a3", "a4", "a5"])
    const { container } = fakeContainer({ [Modules.CUSTOMER]: customers })
    const run = stubWorkflow(resolveGhnSavedAddressesWorkflow).mockImplementation(async ({ input }: { input: { address_ids: string[] } }) => ({
      result: pageSummary(input.address_ids),
    }))
    const total = await resolveAllSavedAddresses(container, { pageSize: 2 })
    expect(run.mock.calls.map(([arg]) => arg.input.address_ids)).toEqual([["a1", "a2"], ["a3", "a4"], ["a5"]])
    expect(total).toMatchObject({ resolved: 2, needs_choice: 3, skipped: 0, changed: 3 })
    expect(total.choices.map((c) => c.address_id)).toEqual(["a2", "a4", "a5"])
    expect(customers.listCustomerAddresses).toHaveBeenCalledWith({ country_code: { $in: ["vn", "VN"] } }, { select: ["id"], take: 2, skip: 0, order: { id: "ASC" } })
    // The short last page ends it: no read past it.
    expect(customers.listCustomerAddresses).toHaveBeenCalledTimes(3)
  })

  it("reads one more, empty page when the last one was full, and runs nothing for it", async () => {
    const customers = fakeCustomers(["a1", "a2"])
    const { container } = fakeContainer({ [Modules.CUSTOMER]: customers })
    const run = stubWorkflow(resolveGhnSavedAddressesWorkflow).mockImplementation(async ({ input }: { input: { address_ids: string[] } }) => ({
      result: pageSummary(input.address_ids),
    }))
    await resolveAllSavedAddresses(container, { pageSize: 2 })
    expect(customers.listCustomerAddresses).toHaveBeenCalledTimes(2)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it("answers an empty summary when no customer has a Vietnamese address", async () => {
    const { container } = fakeContainer({ [Modules.CUSTOMER]: fakeCustomers([]) })
    const run = stubWorkflow(resolveGhnSavedAddressesWorkflow)
    await expect(resolveAllSavedAddresses(container)).resolves.toEqual({ resolved: 0, needs_choice: 0, skipped: 0, changed: 0, choices: [] })
    expect(run).not.toHaveBeenCalled()
  })
})
