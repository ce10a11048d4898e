import { formatVietnameseAddress } from "../address-format"

describe("formatVietnameseAddress", () => {
  it("writes a legacy address street, ward, district, province (Vietnamese order)", () => {
    expect(
      formatVietnameseAddress({
        address_1: "12 Lê Lợi", address_2: "Phường Bến Nghé", city: "Quận 1", province: "Hồ Chí Minh",
        metadata: { ghn_district_id: 1442, ghn_ward_code: "20109" },
      })
    ).toBe("12 Lê Lợi, Phường Bến Nghé, Quận 1, Hồ Chí Minh")
  })

  it("leaves the district out of a 2025 address (its city is the ward again)", () => {
    const ward = "Phường Bến Thành"
    expect(formatVietnameseAddress({ address_1: "12 Lê Lợi", address_2: ward, city: ward, province: "Thành phố Hồ Chí Minh", metadata: { ghn_province_id: 202, ghn_ward_id: 90001 } }))
      .toBe("12 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh")
    // Without its metadata (Medusa's store API leaves it out): a city equal to the ward is not repeated.
    expect(formatVietnameseAddress({ address_1: "12 Lê Lợi", address_2: ward, city: ward, province: "Hồ Chí Minh" })).toBe("12 Lê Lợi, Phường Bến Thành, Hồ Chí Minh")
    // The 2025 model by its metadata, even where the city differs.
    expect(formatVietnameseAddress({ address_1: "5 Hàng Bài", address_2: "Phường Hoàn Kiếm", city: "Quận Hoàn Kiếm", province: "Hà Nội", metadata: { ghn_province_id: 201, ghn_ward_id: 1 } }))
      .toBe("5 Hàng Bài, Phường Hoàn Kiếm, Hà Nội")
  })

  it("leaves empty parts out: no leading, trailing or doubled comma", () => {
    expect(formatVietnameseAddress({ address_1: "", address_2: "Phường Bến Nghé", city: "Quận 1", province: "Hồ Chí Minh" })).toBe("Phường Bến Nghé, Quận 1, Hồ Chí Minh")
    expect(formatVietnameseAddress({ address_1: "  12 Lê Lợi ", address_2: null, city: "   ", province: "Hồ Chí Minh" })).toBe("12 Lê Lợi, Hồ Chí Minh")
    expect(formatVietnameseAddress({ address_1: "12 Lê Lợi,", address_2: "Phường Bến Nghé", city: "Quận 1" })).toBe("12 Lê Lợi, Phường Bến Nghé, Quận 1")
    expect(formatVietnameseAddress({ province: "Hà Nội" })).toBe("Hà Nội")
    expect(formatVietnameseAddress({})).toBe("")
    expect(formatVietnameseAddress(null)).toBe("")
    expect(formatVietnameseAddress(undefined)).toBe("")
  })

  it("keeps each part's own words, spaces folded", () => {
    expect(formatVietnameseAddress({ address_1: "Số 8,  ngõ 12 Láng Hạ", address_2: "Phường Thành Công", city: "Quận Ba Đình", province: "Hà Nội" }))
      .toBe("Số 8, ngõ 12 Láng Hạ, Phường Thành Công, Quận Ba Đình, Hà Nội")
  })
})
