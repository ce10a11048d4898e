import { HttpTypes } from "@medusajs/types"
declare const Component: (props: { order: HttpTypes.StoreOrder }) => JSX.Element
export default Component
