/**
 * GHN sandbox: a local emulator of the GHN (Giao Hàng Nhanh) API for development, demos, tests
 * and benchmarks. See docs/sandbox.md.
 *
 *   const sb = await startGhnSandbox({ port: 0 })
 *   // sb.url, sb.fixture.owner.token, sb.control.setOrderStatus(code, "picking")
 *   await sb.close()
 */
import { Sandbox } from "./sandbox"
import { createControl, registerControlRoutes } from "./control"
import { registerOrderRoutes } from "./routes-orders"
import { registerShopRoutes } from "./routes-shops"
import { registerMasterRoutes } from "./routes-master"
import { registerTicketRoutes } from "./routes-tickets"
import type { GhnSandboxOptions, SandboxControl, SandboxFixture } from "./types"

export type {
  GhnSandboxOptions, SandboxControl, SandboxFixture, FixtureAccount, Fault, WebhookDelivery, WebhookAttempt,
  SmsRecord, SetStatusResult, Permission,
} from "./types"
export { STATUSES, STATUS_DESCRIPTIONS, HAPPY_PATH, CANCELLABLE, moveRefusal, REASONS } from "./orders"
export { TICKET_CATEGORIES, TICKET_STATUS } from "./routes-tickets"
export { calculateFee, leadtime, pickShifts, bandOf } from "./fee"
export { code128Widths, code128Values } from "./labels"

export interface GhnSandbox {
  /** base URL, e.g. http://127.0.0.1:5410 (GHN paths are appended to it) */
  url: string
  control: SandboxControl
  fixture: SandboxFixture
  /** stops the server, the webhook dispatcher and the auto-advance timer; saves the state */
  close(): Promise<void>
}

export async function startGhnSandbox(options: GhnSandboxOptions = {}): Promise<GhnSandbox> {
  const sb = new Sandbox(options)
  const control = createControl(sb)
  registerOrderRoutes(sb)
  registerShopRoutes(sb)
  registerMasterRoutes(sb)
  registerTicketRoutes(sb)
  registerControlRoutes(sb, control)
  const url = await sb.listen()
  let closed: Promise<void> | null = null
  return {
    url,
    control,
    fixture: sb.fixture,
    close: () => (closed ??= sb.close()),
  }
}

export default startGhnSandbox
