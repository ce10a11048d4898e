import { MedusaError } from "@medusajs/framework/utils"
import type { AddressResolver } from "../address/address-resolver"
import { RequestBudget } from "../ghn/budget"
import { CallerShares, currentCaller } from "./caller-shares"

/**
 * What the storefront's calls may cost GHN, per GHN account and process: a token bucket of
 * `STORE_GHN_BURST` calls, refilled at `STORE_GHN_PER_MINUTE` a minute. The burst holds a cold
 * start (every province's district list, the province lists); past it a store route that would
 * call GHN answers 429 with Retry-After and calls nothing. A list already held costs no token.
 * Each caller (an address, IPv6 by /64) has its share first: `STORE_GHN_CALLER_PER_MINUTE` a
 * minute, `STORE_GHN_CALLER_BURST` at once, a request that reaches GHN taking one however many
 * GHN calls it costs the store, so one caller never spends the store's budget alone.
 */
export const STORE_GHN_PER_MINUTE = 60
export const STORE_GHN_BURST = 100
export const STORE_GHN_CALLER_PER_MINUTE = 15
export const STORE_GHN_CALLER_BURST = 25

/** The storefront's budget of GHN calls for one GHN account (environment and token). */
export function storeGhnBudget(): RequestBudget {
  return new RequestBudget({ perSecond: STORE_GHN_PER_MINUTE / 60, burst: STORE_GHN_BURST })
}

/** Each caller's share of the storefront's budget. */
export function storeCallerShares(): CallerShares {
  return new CallerShares(STORE_GHN_CALLER_PER_MINUTE / 60, STORE_GHN_CALLER_BURST)
}

/**
 * The storefront's GHN budget, or the caller's share of GHN calls, is spent for now: the route
 * answers 429 with Retry-After (any route, Medusa's own quotes included: src/api/middlewares.ts),
 * GHN is not called.
 */
export class StoreBudgetSpent extends MedusaError {
  readonly code = "ghn_store_budget"

  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many address lookups reach GHN right now (the store allows ${STORE_GHN_PER_MINUTE} a minute): try again in ${retryAfterSeconds} s`
  ) {
    super(MedusaError.Types.NOT_ALLOWED, message)
  }
}

/** Is this the refusal of a spent budget or share (by its code: a workflow may hand the error on as a copy)? */
export function isBudgetSpent(error: unknown): error is { code: "ghn_store_budget"; retryAfterSeconds: number; message: string } {
  const e = error as { code?: unknown; retryAfterSeconds?: unknown } | null
  return !!e && e.code === "ghn_store_budget" && typeof e.retryAfterSeconds === "number"
}

/** Takes one call of the caller's share (when the request has a caller), or refuses without calling GHN. */
export function takeCallerShare(shares: CallerShares, what: string): void {
  const caller = currentCaller()
  if (!caller) return
  const waitMs = shares.take(caller)
  if (waitMs === 0) return
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  throw new StoreBudgetSpent(seconds, `Too many ${what} reach GHN from this address right now (each address may make ${Math.round(shares.perSecond * 60)} a minute): try again in ${seconds} s`)
}

/** Takes one of the storefront's GHN calls, or refuses (StoreBudgetSpent) without calling GHN. */
export function spendStoreCall(budget: RequestBudget): void {
  const waitMs = budget.reserve()
  if (waitMs === 0) return
  throw new StoreBudgetSpent(Math.max(1, Math.ceil(waitMs / 1000)))
}

const notListed = (field: string, id: number, what: string) =>
  new MedusaError(MedusaError.Types.NOT_FOUND, `${field} ${id} is not a ${what} GHN lists`)

/**
 * GHN's address lists as the storefront's routes ask them: every id checked against the lists the
 * plugin holds before GHN is asked (an unknown one is a 404 naming the field, and costs GHN
 * nothing), and every list not yet held paid from the storefront's budget.
 */
export class StoreMasterData {
  /** Every province's district list being loaded (the index an unknown district is checked against). */
  private indexing?: Promise<boolean>

  constructor(
    private readonly resolver: AddressResolver,
    private readonly budget: RequestBudget,
    private readonly shares: CallerShares = storeCallerShares()
  ) {}

  /** Pays one GHN call a storefront route makes itself (a lead time not cached), or refuses it (429). */
  payCall(): void {
    takeCallerShare(this.shares, "address and delivery-time lookups")
    spendStoreCall(this.budget)
  }

  /** Reads a list, paying a GHN call from the budget when it is not held (and each list an index needs). */
  private async paid<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.resolver.holds(key)) this.payCall()
    return read()
  }

  provinces() {
    return this.paid("provinces", () => this.resolver.provinces())
  }

  newProvinces() {
    return this.paid("new-provinces", () => this.resolver.newProvinces())
  }

  async districts(provinceId: number) {
    if (!(await this.provinces()).some((p) => p.id === provinceId)) throw notListed("province_id", provinceId, "province (legacy model)")
    return this.paid(`districts:${provinceId}`, () => this.resolver.districts(provinceId))
  }

  async wards(districtId: number) {
    const provinces = await this.provinces()
    if (!(await this.resolver.knowsDistrict(districtId, true))) {
      // Not in a list held: the provinces' lists not yet held are loaded, each paid, once for
      // every request waiting on them (a flood pays for one load, not one per request).
      if (!this.indexing) {
        const missing = provinces.filter((p) => !this.resolver.holds(`districts:${p.id}`)).length
        // The asker's share pays one request; the store's budget every list.
        if (missing) takeCallerShare(this.shares, "address and delivery-time lookups")
        for (let i = 0; i < missing; i++) spendStoreCall(this.budget)
        this.indexing = this.resolver.knowsDistrict(0).finally(() => (this.indexing = undefined))
      }
      await this.indexing
      if (!(await this.resolver.knowsDistrict(districtId, true))) throw notListed("district_id", districtId, "district (legacy model)")
    }
    return this.paid(`wards:${districtId}`, () => this.resolver.wards(districtId))
  }

  async newWards(provinceId: number) {
    if (!(await this.newProvinces()).some((p) => p.id === provinceId)) throw notListed("province_id", provinceId, "province (new model)")
    return this.paid(`new-wards:${provinceId}`, () => this.resolver.newWards(provinceId))
  }
}
