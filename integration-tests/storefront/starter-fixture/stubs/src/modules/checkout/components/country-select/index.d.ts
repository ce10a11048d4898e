import { HttpTypes } from "@medusajs/types"
import type { ForwardRefExoticComponent, RefAttributes, SelectHTMLAttributes } from "react"
declare const CountrySelect: ForwardRefExoticComponent<SelectHTMLAttributes<HTMLSelectElement> & { placeholder?: string; region?: HttpTypes.StoreRegion } & RefAttributes<HTMLSelectElement>>
export default CountrySelect
