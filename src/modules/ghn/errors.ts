/** An order already queued or being shipped by another run: the new run is refused, naming them. */
export class OrdersInOtherRunError extends Error {
  constructor(readonly orders: { order_id: string; run_id: string }[]) {
    super(`orders already in a run: ${orders.map((o) => `${o.order_id} (${o.run_id})`).join(", ")}`)
    this.name = "OrdersInOtherRunError"
  }
}
