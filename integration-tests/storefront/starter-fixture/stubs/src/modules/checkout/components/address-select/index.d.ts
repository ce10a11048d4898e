import { HttpTypes } from "@medusajs/types"
declare const AddressSelect: (props: {
  addresses: HttpTypes.StoreCustomerAddress[]
  addressInput: HttpTypes.StoreCartAddress | null
  onSelect: (address: HttpTypes.StoreCartAddress | undefined, email?: string) => void
}) => JSX.Element
export default AddressSelect
