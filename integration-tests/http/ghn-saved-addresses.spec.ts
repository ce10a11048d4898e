/**
 * Customers' saved addresses resolved to GHN ids ahead of checkout (the `medusa exec` script and
 * the admin's route run the same workflow): old and new ward names, a ward the 2025 reform left
 * ambiguous, a name GHN does not list, an address abroad. The ids go into each address's metadata
 * as the storefront kit writes them, the choices are listed with their candidates, a second run
 * changes nothing, and a customer's choice resolves the address at the next run.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import resolveSavedAddressesScript from "../../src/scripts/ghn-resolve-saved-addresses"
import { freshGhnStore } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { explained, failure } from "../helpers/store"


medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let admin: { headers: Record<string, string> }

    beforeEach(async () => {
      ;({ admin } = await freshGhnStore(api, getContainer()))
    })

    const customers = () => getContainer().resolve(Modules.CUSTOMER)
    const addressOf = async (id: string) => (await customers().listCustomerAddresses({ id }))[0]

    it("stores each address's GHN ids, lists those needing a choice, changes nothing the second time, and takes the customer's choice", async () => {
      const fx = (await sandbox.fixture()).addresses
      const legacy = fx.hcm_customer.legacy
      const fresh = fx.danang_receiver.new
      const [an] = await customers().createCustomers([
        {
          email: "an.saved@example.vn",
          first_name: "An",
          last_name: "Nguyễn",
          addresses: [
            // Old names, as saved before the reform.
            { address_name: "old", address_1: "12 Lê Lợi", address_2: legacy.ward_name, city: legacy.district_name, province: legacy.province_name, country_code: "vn", metadata: { note: "cổng sau" } },
            // New names (province and ward).
            { address_name: "new", address_1: "5 Bạch Đằng", city: fresh.ward_name, province: fresh.province_name, country_code: "vn" },
            // Xã Phong Thạnh of Giá Rai (Bạc Liêu until 2025) with the province it joined: the old ward, or
            // the 2025 ward of Cà Mau of that name elsewhere (with its own province, the district would decide).
            { address_name: "split", address_1: "8 Ấp Phong Lạc", address_2: "Xã Phong Thạnh", city: "Thị xã Giá Rai", province: "Cà Mau", country_code: "vn" },
            { address_name: "unknown", address_1: "1 Đường Số 9", address_2: "Phường Không Có Thật", city: "Quận 1", province: "Hồ Chí Minh", country_code: "vn" },
            { address_name: "abroad", address_1: "1 Main St", city: "Springfield", province: "IL", country_code: "us" },
          ],
        },
      ] as never)
      const saved = Object.fromEntries((await customers().listCustomerAddresses({ customer_id: an.id })).map((a) => [a.address_name, a]))

      const { data: first } = await api.post("/admin/ghn/address-choices/resolve", {}, admin)
      expect(first).toEqual({ resolved: 2, needs_choice: 2, skipped: 0, changed: 4 })
      // The kit's keys: one model's ids, other keys kept.
      expect((await addressOf(saved.old.id)).metadata).toEqual({ note: "cổng sau", ghn_district_id: legacy.district_id, ghn_ward_code: legacy.ward_code })
      expect((await addressOf(saved.new.id)).metadata).toEqual({ ghn_province_id: fresh.province_id, ghn_ward_id: fresh.ward_id })
      const split = (await addressOf(saved.split.id)).metadata as any
      expect(split.ghn_choice).toMatchObject({ code: "address_ambiguous", part: "ward" })
      expect(split.ghn_choice.candidates.map((c: any) => c.model).sort()).toEqual(["legacy", "new"])
      expect(((await addressOf(saved.unknown.id)).metadata as any).ghn_choice.code).toBe("address_not_found")
      expect((await addressOf(saved.abroad.id)).metadata ?? {}).toEqual({})

      // The admin's list: who, which address, what to choose between.
      const { data: list } = await api.get("/admin/ghn/address-choices", admin)
      expect(list.count).toBe(2)
      const row = list.choices.find((c: any) => c.address_id === saved.split.id)
      expect(row).toMatchObject({ customer: { email: "an.saved@example.vn", name: "Nguyễn An" }, address: "8 Ấp Phong Lạc, Xã Phong Thạnh, Thị xã Giá Rai, Cà Mau", code: "address_ambiguous" })
      expect(row.candidates.length).toBe(2)
      expect((await failure(api.get("/admin/ghn/address-choices?limit=500", admin))).message).toMatch(/limit.*200/)

      // A second run (the `medusa exec` script) changes nothing.
      const before = await customers().listCustomerAddresses({ customer_id: an.id })
      await resolveSavedAddressesScript({ container: getContainer(), args: [] } as never)
      const { data: second } = await api.post("/admin/ghn/address-choices/resolve", {}, admin)
      expect(second).toEqual({ resolved: 2, needs_choice: 2, skipped: 0, changed: 0 })
      const after = await customers().listCustomerAddresses({ customer_id: an.id })
      expect(after.map((a) => [a.id, a.updated_at])).toEqual(before.map((a) => [a.id, a.updated_at]))

      // The customer chooses the new ward (the storefront kit writes its ids): the next run resolves it.
      const chosen = split.ghn_choice.candidates.find((c: any) => c.model === "new")
      await customers().updateCustomerAddresses(saved.split.id, { city: chosen.ward_name, province: chosen.province_name, address_2: chosen.ward_name, metadata: { ghn_province_id: chosen.province_id, ghn_ward_id: chosen.ward_id } })
      const { data: third } = await api.post("/admin/ghn/address-choices/resolve", {}, admin)
      expect(third).toMatchObject({ resolved: 3, needs_choice: 1, changed: 1 })
      expect((await addressOf(saved.split.id)).metadata).toEqual({ ghn_province_id: chosen.province_id, ghn_ward_id: chosen.ward_id })
      expect((await api.get("/admin/ghn/address-choices", admin)).data.choices.map((c: any) => c.address_id)).toEqual([saved.unknown.id])
    })
  },
})
