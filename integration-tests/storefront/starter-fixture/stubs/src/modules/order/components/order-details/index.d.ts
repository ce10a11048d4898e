import { HttpTypes } from "@medusajs/types"
declare const OrderDetails: (props: { order: HttpTypes.StoreOrder; showStatus?: boolean }) => JSX.Element
export default OrderDetails
