import { pollOnSchedule } from "../polling"

/** A container whose GHN module has no parcel to ask about, counting the reads of its parcels. */
function containerWith(pollIntervalMinutes: number) {
  const listed: unknown[] = []
  const ghn = {
    options: { pollIntervalMinutes },
    listGhnShipments: async (filters: unknown) => {
      listed.push(filters)
      return []
    },
  }
  const container = { resolve: (key: string) => (key === "ghn" ? ghn : { warn: () => undefined }) }
  return { container: container as never, listed }
}

describe("polling on its schedule", () => {
  it("asks about the silent parcels on its schedule", async () => {
    const { container, listed } = containerWith(30)
    await pollOnSchedule(container)
    // The parcels in flight and the delivered ones awaiting GHN's COD transfer (then the chosen ones, none here).
    expect(listed.slice(0, 2)).toEqual([
      expect.objectContaining({ status: { $nin: expect.arrayContaining(["delivered", "cancel"]) } }),
      expect.objectContaining({ status: "delivered", is_cod_transferred: false }),
    ])
  })

  it("does nothing when pollIntervalMinutes is 0 (polling off)", async () => {
    const { container, listed } = containerWith(0)
    await pollOnSchedule(container)
    expect(listed).toEqual([])
  })
})
