/** An item still to ship, as Medusa's fulfilment takes it from a stock location. */
export type StockLine = {
  line_item_id: string
  title: string
  /** Units still to ship. */
  quantity: number
  manage_inventory: boolean
  inventory_items: { inventory_item_id: string; required_quantity: number }[]
}

/** A stock reservation of an order's line item (Medusa's inventory module). */
export type StockReservation = { line_item_id: string; inventory_item_id: string; quantity: number }

/** What stops Medusa's fulfilment for lack of stock: which item, and why. */
export type StockShortfall = { line_item_id: string; message: string }

/**
 * What Medusa's fulfilment (createOrderFulfillmentWorkflow) refuses for lack of stock, before a run
 * tries it: an item whose variant manages inventory needs a reservation, and each of its
 * reservations must hold the units shipped (quantity times the inventory item's required_quantity);
 * the location it ships from must stock each of its inventory items (the fulfilment lowers that
 * location's level).
 * `stocked`: the inventory items the location has a level for; `location` undefined: not checked.
 */
export function stockShortfalls(
  lines: StockLine[],
  reservations: StockReservation[],
  location?: { name: string; stocked: ReadonlySet<string> }
): StockShortfall[] {
  const shortfalls: StockShortfall[] = []
  for (const line of lines) {
    if (!line.manage_inventory || line.quantity <= 0) continue
    const held = reservations.filter((r) => r.line_item_id === line.line_item_id)
    if (!held.length) {
      shortfalls.push({ line_item_id: line.line_item_id, message: `${line.title}: no stock is reserved for its ${line.quantity} to ship (allocate it on the order's page)` })
      continue
    }
    // As Medusa checks: each reservation must hold the units shipped of its inventory item.
    const needed = (inventoryItemId: string) => line.quantity * (line.inventory_items.find((ii) => ii.inventory_item_id === inventoryItemId)?.required_quantity || 1)
    const short = held.find((r) => r.quantity < needed(r.inventory_item_id))
    if (short) {
      shortfalls.push({ line_item_id: line.line_item_id, message: `${line.title}: ${needed(short.inventory_item_id)} to ship, ${short.quantity} reserved (allocate the rest on the order's page)` })
      continue
    }
    if (location && line.inventory_items.some((ii) => !location.stocked.has(ii.inventory_item_id))) {
      shortfalls.push({ line_item_id: line.line_item_id, message: `${line.title} is not stocked at ${location.name}, where its GHN option ships from` })
    }
  }
  return shortfalls
}
