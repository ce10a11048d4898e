/** Seeded accounts and shops: stable across runs (fixed tokens and ids). */
import type { MasterData } from "./masterdata"
import type { Account, Permission, SandboxFixture, Shop } from "./types"

export const FIXTURE_CREATED_AT = "2025-07-01T01:00:00Z"

export const ACCOUNTS = {
  owner: { client_id: 2510001, name: "Nguyễn Văn An", phone: "0901000001", email: "owner@sandbox.ghn.local", token: "sandbox-owner-token", active: true },
  partner: { client_id: 2510002, name: "Đối Tác Sandbox", phone: "0901000002", email: "partner@sandbox.ghn.local", token: "sandbox-partner-token", active: true },
  staff: { client_id: 2510003, name: "Trần Thị Bình", phone: "0901000003", email: "staff@sandbox.ghn.local", token: "sandbox-staff-token", active: true },
  customer: { client_id: 2510004, name: "Lê Văn Cường", phone: "0901000004", email: "customer@sandbox.ghn.local", token: "sandbox-customer-token", active: true },
  disabled: { client_id: 2510005, name: "Tài Khoản Bị Khóa", phone: "0901000005", email: "disabled@sandbox.ghn.local", token: "sandbox-disabled-token", active: false },
} satisfies Record<string, Account>

export const SHOP_IDS = { ownerHanoi: 190001, ownerHcm: 190002, ownerInactive: 190003, partner: 190004, customer: 190005 }
export const FIRST_NEW_SHOP_ID = 190101
export const STAFF_PERMISSIONS: Permission[] = ["order"]

interface Place {
  address: string
  province: string
  district: string
  ward: string
}
export const PLACES: Record<string, Place> = {
  hanoi_pickup: { address: "12 Phan Đình Phùng", province: "Hà Nội", district: "Quận Ba Đình", ward: "Phường Trúc Bạch" },
  hanoi_inactive: { address: "8 Giảng Võ", province: "Hà Nội", district: "Quận Ba Đình", ward: "Phường Giảng Võ" },
  hcm_pickup: { address: "2 Công xã Paris", province: "Hồ Chí Minh", district: "Quận 1", ward: "Phường Bến Nghé" },
  hcm_receiver: { address: "135 Nam Kỳ Khởi Nghĩa", province: "Hồ Chí Minh", district: "Quận 1", ward: "Phường Bến Thành" },
  hcm_customer: { address: "45 Võ Văn Tần", province: "Hồ Chí Minh", district: "Quận 3", ward: "Phường Võ Thị Sáu" },
  danang_receiver: { address: "90 Bạch Đằng", province: "Đà Nẵng", district: "Quận Hải Châu", ward: "Phường Hải Châu" },
}

function place(md: MasterData, key: string) {
  const p = PLACES[key]
  const loc = md.resolveLegacyNames(p.ward, p.district, p.province)
  if (!loc || loc.legacyDistrictId == null || !loc.legacyWardCode) throw new Error(`sandbox fixture: ${key} does not resolve`)
  return { ...p, loc }
}

export function buildShops(md: MasterData): Shop[] {
  const mk = (id: number, name: string, owner: Account, key: string, status: number, members: Shop["members"] = []): Shop => {
    const p = place(md, key)
    return {
      _id: id,
      name,
      phone: owner.phone,
      address: `${p.address}, ${p.ward}, ${p.district}, ${p.province}`,
      ward_code: p.loc.legacyWardCode!,
      district_id: p.loc.legacyDistrictId!,
      client_id: owner.client_id,
      status,
      bank_account_id: 0,
      created_at: FIXTURE_CREATED_AT,
      members,
    }
  }
  return [
    mk(SHOP_IDS.ownerHanoi, "Sandbox Shop Hà Nội", ACCOUNTS.owner, "hanoi_pickup", 1, [
      { client_id: ACCOUNTS.staff.client_id, permissions: [...STAFF_PERMISSIONS] },
    ]),
    mk(SHOP_IDS.ownerHcm, "Sandbox Shop Hồ Chí Minh", ACCOUNTS.owner, "hcm_pickup", 1),
    mk(SHOP_IDS.ownerInactive, "Sandbox Shop Tạm Ngưng", ACCOUNTS.owner, "hanoi_inactive", 2),
    mk(SHOP_IDS.partner, "Đối Tác Sandbox", ACCOUNTS.partner, "danang_receiver", 1),
    mk(SHOP_IDS.customer, "Cửa Hàng Lê Văn Cường", ACCOUNTS.customer, "hcm_customer", 1),
  ]
}

export function buildFixture(md: MasterData, services: (fromDistrict: number, toDistrict: number) => Array<{ service_id: number; short_name: string; service_type_id: number }>): SandboxFixture {
  const from = place(md, "hanoi_pickup")
  const to = place(md, "hcm_receiver")
  const svc = services(from.loc.legacyDistrictId!, to.loc.legacyDistrictId!)
  const addresses: SandboxFixture["addresses"] = {}
  for (const key of ["hanoi_pickup", "hcm_pickup", "hcm_receiver", "hcm_customer", "danang_receiver"]) {
    const p = place(md, key)
    const nw = p.loc.newWardId != null ? md.newWardById.get(p.loc.newWardId)!.w : null
    const np = md.newProvinceById.get(p.loc.newProvinceId)!
    addresses[key] = {
      address: p.address,
      legacy: {
        ward_name: p.ward,
        district_name: p.district,
        province_name: p.province,
        ward_code: p.loc.legacyWardCode!,
        district_id: p.loc.legacyDistrictId!,
        province_id: p.loc.legacyProvinceId!,
      },
      new: { ward_name: nw?.name ?? "", province_name: np.name, ward_id: nw?._id ?? 0, province_id: np._id },
    }
  }
  const acc = (a: Account, shop_ids: number[]) => ({ token: a.token, client_id: a.client_id, phone: a.phone, name: a.name, shop_ids })
  return {
    owner: { ...acc(ACCOUNTS.owner, [SHOP_IDS.ownerHanoi, SHOP_IDS.ownerHcm]), inactive_shop_id: SHOP_IDS.ownerInactive },
    partner: acc(ACCOUNTS.partner, [SHOP_IDS.partner]),
    staff: { ...acc(ACCOUNTS.staff, [SHOP_IDS.ownerHanoi]), permissions: [...STAFF_PERMISSIONS] },
    customer: acc(ACCOUNTS.customer, [SHOP_IDS.customer]),
    disabled: { token: ACCOUNTS.disabled.token, client_id: ACCOUNTS.disabled.client_id },
    route: {
      from_district_id: from.loc.legacyDistrictId!,
      from_ward_code: from.loc.legacyWardCode!,
      to_district_id: to.loc.legacyDistrictId!,
      to_ward_code: to.loc.legacyWardCode!,
      service_type_id: 2,
      service_type_ids: svc.map((s) => s.service_type_id),
      services: svc,
    },
    addresses,
  }
}
