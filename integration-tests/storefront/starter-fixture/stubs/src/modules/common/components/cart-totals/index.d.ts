declare const CartTotals: (props: { totals: { total?: number | null; subtotal?: number | null; currency_code: string } }) => JSX.Element
export default CartTotals
