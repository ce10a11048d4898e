import { sandboxMasterData } from "../../../../bench/lib/sandbox-master-data"
import { AddressResolver } from "../../address/address-resolver"
import { createOrderBody, partyOf, personName, streetOf } from "../order-body"

const to = { model: "legacy" as const, district_id: 1472, ward_code: "26740", province_name: "Hồ Chí Minh", district_name: "Quận 1", ward_name: "Phường Bến Nghé" }
const parcel = { weight: 500, length: 30, width: 20, height: 3, service_type_id: 2 as const, items: [{ name: "Áo", quantity: 1, weight: 500, length: 30, width: 20, height: 3 }] }

describe("createOrderBody", () => {
  it("writes the receiver block with names only (the spec's Create Order takes no ids) and a full address naming each unit once", () => {
    const body = createOrderBody({
      client_order_code: "ful_1",
      service_type_id: 2,
      payment_type_id: 1,
      required_note: "KHONGCHOXEMHANG",
      to: { name: personName({ first_name: "An", last_name: "Nguyễn Văn" }), phone: "0912345678", street: streetOf({ address_1: "12 Lê Lợi", address_2: "P. Bến Nghé" }), address: to },
      parcel,
      cod_amount: 100000,
      insurance_value: 0,
      order_value: 250000,
    })
    expect(body).toMatchObject({
      to_name: "Nguyễn Văn An",
      to_address: "12 Lê Lợi, P. Bến Nghé, Phường Bến Nghé, Quận 1, Hồ Chí Minh",
      to_ward_name: "Phường Bến Nghé",
      to_district_name: "Quận 1",
      is_new_to_address: false,
      content: "1 x Áo",
    })
    expect(body).not.toHaveProperty("to_ward_code")
    expect(body).not.toHaveProperty("to_district_id")
    const twice = createOrderBody({ ...({} as any), client_order_code: "x", parcel, to: { name: "A", street: "12 Lê Lợi, Phường Bến Nghé", address: to } })
    expect(twice.to_address).toBe("12 Lê Lợi, Phường Bến Nghé, Quận 1, Hồ Chí Minh")
  })

  it("sends a new-model address without district and without legacy ids", () => {
    const body = createOrderBody({
      ...({} as any),
      client_order_code: "x",
      parcel,
      to: { name: "A", street: "1 Nguyễn Huệ", address: { ...to, model: "new", district_name: "", ward_name: "Phường Sài Gòn", province_name: "Thành phố Hồ Chí Minh" } },
    })
    expect(body).toMatchObject({ is_new_to_address: true, to_district_name: "", to_ward_name: "Phường Sài Gòn" })
    expect(body).not.toHaveProperty("to_district_id")
  })
})

describe("Create Order names come from the resolved unit, never the shopper's text", () => {
  // Resolved against the sandbox's GHN-like master data, from addresses typed loosely.
  const resolver = new AddressResolver(sandboxMasterData())
  const body = async (address: { address_1: string; city?: string; province: string }) =>
    createOrderBody({ ...({} as any), client_order_code: "x", parcel, to: partyOf({ first_name: "An", ...address }, await resolver.resolve({ country_code: "vn", ...address })) })

  it("legacy model: GHN's ward, district and province names, no ids", async () => {
    const sent = await body({ address_1: "12 Le Loi, p. ben nghe", city: "q1", province: "tp hcm" })
    expect(sent).toMatchObject({
      to_ward_name: "Phường Bến Nghé",
      to_district_name: "Quận 1",
      to_province_name: "Hồ Chí Minh",
      is_new_to_address: false,
    })
    expect(sent).not.toHaveProperty("to_ward_code")
    expect(sent).not.toHaveProperty("to_district_id")
  })

  it("new model: the new lists' ward and province names, no district", async () => {
    const sent = await body({ address_1: "1 Nguyen Hue, P.Sai Gon", province: "TP HCM" })
    expect(sent).toMatchObject({ to_ward_name: "Phường Sài Gòn", to_district_name: "", to_province_name: "Thành phố Hồ Chí Minh", is_new_to_address: true })
    expect(sent).not.toHaveProperty("to_district_id")
  })
})
