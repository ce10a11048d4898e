/**
 * Benchmark-only fulfilment provider: a "calculated" shipping option whose price is a constant
 * (30,000 VND), with no work and no I/O. It is the baseline of bench/calculate-price.ts on the same
 * route, POST /store/shipping-options/:id/calculate, because Medusa's manual provider cannot be
 * asked there (its calculatePrice throws "Manual fulfillment does not support price calculation",
 * answered as 500). Loaded by bench/lib/store-server.ts with id "constant" (provider id
 * `constant_constant`); never part of the plugin.
 */
import { AbstractFulfillmentProviderService, ModuleProvider, Modules } from "@medusajs/framework/utils"

export const CONSTANT_PRICE = 30000

class ConstantPriceProviderService extends AbstractFulfillmentProviderService {
  static identifier = "constant"

  async getFulfillmentOptions() {
    return [{ id: "constant" }]
  }

  async validateOption() {
    return true
  }

  async canCalculate() {
    return true
  }

  async validateFulfillmentData(_optionData: Record<string, unknown>, data: Record<string, unknown>) {
    return data
  }

  async calculatePrice() {
    return { calculated_amount: CONSTANT_PRICE, is_calculated_price_tax_inclusive: true }
  }

  async createFulfillment() {
    return { data: {}, labels: [] }
  }

  async cancelFulfillment() {
    return {}
  }
}

export default ModuleProvider(Modules.FULFILLMENT, { services: [ConstantPriceProviderService] })
