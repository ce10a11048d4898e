import { HttpTypes } from "@medusajs/types"
export declare const getRegion: (countryCode: string) => Promise<HttpTypes.StoreRegion | null>
