import { stockShortfalls, type StockLine } from "../stock"

const shirt = (over: Partial<StockLine> = {}): StockLine => ({
  line_item_id: "li_shirt",
  title: "Áo thun",
  quantity: 2,
  manage_inventory: true,
  inventory_items: [{ inventory_item_id: "iitem_shirt", required_quantity: 1 }],
  ...over,
})
const at = (name: string, ...stocked: string[]) => ({ name, stocked: new Set(stocked) })

describe("what Medusa's fulfilment refuses for lack of stock", () => {
  it("passes an item reserved in full at a location that stocks it, and items without managed inventory", () => {
    expect(stockShortfalls([shirt()], [{ line_item_id: "li_shirt", inventory_item_id: "iitem_shirt", quantity: 2 }], at("Kho Hà Nội", "iitem_shirt"))).toEqual([])
    expect(stockShortfalls([shirt({ manage_inventory: false })], [], at("Kho Hà Nội"))).toEqual([])
  })

  it("names an item with no reservation, or one that holds less than is shipped (a bundle counts its units)", () => {
    expect(stockShortfalls([shirt()], [], at("Kho Hà Nội", "iitem_shirt"))).toEqual([
      { line_item_id: "li_shirt", message: "Áo thun: no stock is reserved for its 2 to ship (allocate it on the order's page)" },
    ])
    const bundle = shirt({ inventory_items: [{ inventory_item_id: "iitem_shirt", required_quantity: 3 }] })
    expect(stockShortfalls([bundle], [{ line_item_id: "li_shirt", inventory_item_id: "iitem_shirt", quantity: 5 }], at("Kho Hà Nội", "iitem_shirt"))).toEqual([
      { line_item_id: "li_shirt", message: "Áo thun: 6 to ship, 5 reserved (allocate the rest on the order's page)" },
    ])
  })

  it("names an item the shipping location does not stock, and checks no location when there is none", () => {
    const reserved = [{ line_item_id: "li_shirt", inventory_item_id: "iitem_shirt", quantity: 2 }]
    expect(stockShortfalls([shirt()], reserved, at("Kho Đà Nẵng", "iitem_other"))).toEqual([
      { line_item_id: "li_shirt", message: "Áo thun is not stocked at Kho Đà Nẵng, where its GHN option ships from" },
    ])
    expect(stockShortfalls([shirt()], reserved)).toEqual([])
  })
})
