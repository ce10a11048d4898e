/**
 * The GHN sandbox: a node:http server with a small router, the in-memory state, auth helpers,
 * faults, the clock, persistence and the order-event (webhook) plumbing. Endpoint handlers live
 * in routes-*.ts and register themselves on this class.
 */
import * as http from "node:http"
import type { Socket } from "node:net"
import { promises as fsp, existsSync, readFileSync } from "node:fs"
import * as path from "node:path"
import { ApiError, coded, plain, serverError, userErr, type Envelope, type Lang, type RawReply } from "./errors"
import { masterData, type MasterData } from "./masterdata"
import { ACCOUNTS, buildFixture, buildShops, FIRST_NEW_SHOP_ID } from "./fixture"
import { servicesFor } from "./fee"
import { WebhookDispatcher } from "./webhooks"
import { isoMs, isoSeconds, mulberry32 } from "./text"
import { specViolations, type FormValues, type SpecOperation, type Violation, type Where } from "./spec-requests"
import type {
  Account, Fault, GhnSandboxOptions, Order, Permission, SandboxFixture, SandboxState, Shop,
} from "./types"

export interface Ctx {
  req: http.IncomingMessage
  res: http.ServerResponse
  method: string
  path: string
  rawQuery: string
  query: URLSearchParams
  body: Buffer
  lang: Lang
  /** faults that match this request (partial_failure, sms_fail are consulted by handlers) */
  faults: Fault[]
  params: string[]
}

export type Reply = Envelope | RawReply | { json: unknown; status?: number }
export type Handler = (ctx: Ctx) => Reply | Promise<Reply>

const MAX_BODY = 32 * 1024 * 1024
/** The arrival times kept per path (GET /_sandbox/request-times): a test's worth, bounded. */
const REQUEST_TIMES_KEPT = 10_000

export function emptyState(md: MasterData): SandboxState {
  return {
    version: 1,
    shops: buildShops(md),
    orders: [],
    tickets: [],
    sms: [],
    printTokens: [],
    counters: { order: 1, ticket: 1, shop: FIRST_NEW_SHOP_ID, sms: 1, conversation: 1, attachment: 1 },
    clockOffsetMs: 0,
  }
}

export class Sandbox {
  readonly md: MasterData
  state: SandboxState
  readonly accounts: Account[] = Object.values(ACCOUNTS)
  readonly accountByToken = new Map<string, Account>()
  readonly accountById = new Map<number, Account>()
  readonly accountByPhone = new Map<string, Account>()
  shopById = new Map<number, Shop>()
  orderByCode = new Map<string, Order>()
  readonly fixture: SandboxFixture
  readonly webhooks: WebhookDispatcher
  faults: Fault[] = []
  /**
   * What requests sent that a strict reading of the spec would not accept (GET /_sandbox/violations):
   * unknown fields, and the required and type rules the sandbox relaxes (spec-requests.ts).
   */
  violations: Violation[] = []
  /** reads a ticket form (set by routes-tickets), for the strict check of form operations */
  readForm: (ctx: Ctx) => Promise<FormValues> = async () => ({ fields: new Map(), files: [] })
  /**
   * IP whitelists per account (client_id): an account with a list answers 401 to a caller whose
   * address is not on it (spec, Authentication 4). Set with the control API; cleared by reset.
   */
  ipWhitelists = new Map<number, string[]>()
  /** GHN API requests per path (control API excluded), since start or the last reset */
  requestCounts = new Map<string, number>()
  /**
   * When each GHN API request arrived (real clock, ms), per path, the last REQUEST_TIMES_KEPT of
   * each: what a test reads a client's pace from (a slow machine can stretch it, never fake it).
   */
  requestTimes = new Map<string, number[]>()
  private faultId = 1
  private rng: () => number
  private readonly routes = new Map<string, Handler>()
  private readonly specs = new Map<string, { op: SpecOperation; in: Where[] }>()
  private readonly patterns: Array<{ method: string; re: RegExp; handler: Handler }> = []
  private server: http.Server | null = null
  private readonly held = new Set<Socket>()
  private saveTimer: NodeJS.Timeout | null = null
  private saving: Promise<void> = Promise.resolve()
  private autoTimer: NodeJS.Timeout | null = null
  private lastEventMs = 0
  url = ""

  constructor(readonly opts: GhnSandboxOptions) {
    this.md = masterData()
    for (const a of this.accounts) {
      this.accountByToken.set(a.token, a)
      this.accountById.set(a.client_id, a)
      this.accountByPhone.set(a.phone, a)
    }
    this.state = emptyState(this.md)
    if (opts.statePath && existsSync(opts.statePath)) {
      try {
        const loaded = JSON.parse(readFileSync(opts.statePath, "utf8")) as SandboxState
        if (loaded && loaded.version === 1) this.state = loaded
      } catch (e) {
        this.log(`could not read state ${opts.statePath}: ${(e as Error).message}; starting empty`)
      }
    }
    this.reindex()
    this.fixture = buildFixture(this.md, (f, t) => {
      const a = this.md.districtLocation(f)!
      const b = this.md.districtLocation(t)!
      return servicesFor(a, b)
    })
    const retry = opts.webhookRetry ?? {}
    this.webhooks = new WebhookDispatcher({
      url: opts.webhookUrl ?? null,
      headers: opts.webhookHeaders ?? {},
      attempts: retry.attempts ?? 6,
      baseDelayMs: retry.baseDelayMs ?? 500,
      maxDelayMs: retry.maxDelayMs ?? 30000,
      timeoutMs: opts.webhookTimeoutMs ?? 5000,
      log: (m) => this.log(m),
    })
    this.rng = mulberry32(opts.faultSeed ?? 42)
  }

  log(msg: string): void {
    if (!this.opts.quiet) console.log(`[ghn-sandbox] ${msg}`)
  }

  reindex(): void {
    this.shopById = new Map(this.state.shops.map((s) => [s._id, s]))
    this.orderByCode = new Map(this.state.orders.map((o) => [o.order_code, o]))
  }

  // ------------------------------------------------------------------ clock

  now(): number {
    const base = this.opts.now ? this.opts.now() : Date.now()
    return base + this.state.clockOffsetMs
  }
  advanceClock(ms: number): number {
    this.state.clockOffsetMs += ms
    this.markDirty()
    return this.now()
  }
  setClock(ms: number): number {
    const base = this.opts.now ? this.opts.now() : Date.now()
    this.state.clockOffsetMs = ms - base
    this.markDirty()
    return this.now()
  }
  /** Strictly increasing event time (webhook Time). */
  eventTime(): number {
    const t = Math.max(this.now(), this.lastEventMs + 1)
    this.lastEventMs = t
    return t
  }
  nowIso(): string {
    return isoSeconds(this.now())
  }

  // ------------------------------------------------------------------ routing

  /** A control route (/_sandbox/...). GHN routes are registered with `api`, which names their spec entry. */
  route(method: string, p: string, handler: Handler): void {
    if (!isControlPath(p)) throw new Error(`${method} ${p}: a GHN route is registered with sb.api and its SPEC_REQUESTS entry`)
    this.routes.set(`${method} ${p}`, handler)
  }
  routePattern(method: string, re: RegExp, handler: Handler): void {
    if (!re.source.startsWith("^\\/_sandbox")) throw new Error(`${re}: pattern routes are control routes only`)
    this.patterns.push({ method, re, handler })
  }
  /**
   * A GHN route with the spec's request table of its operation (spec-requests.ts): each request
   * is checked against it and what the spec would not accept is recorded as a violation.
   * `where` overrides where the fields are read for this route (default: the spec's).
   */
  api(method: string, p: string, op: SpecOperation, handler: Handler, where?: Where[]): void {
    if (isControlPath(p)) throw new Error(`${method} ${p}: control routes use sb.route`)
    this.routes.set(`${method} ${p}`, handler)
    this.specs.set(`${method} ${p}`, { op, in: where ?? op.in })
  }

  // ------------------------------------------------------------------ auth

  auth(ctx: Ctx): Account {
    const token = ctx.req.headers["token"]
    const t = Array.isArray(token) ? token[0] : token
    if (!t) throw new ApiError(401, { code: 401, message: "Authorization header is required!", data: null })
    const acc = this.accountByToken.get(t)
    if (!acc) throw new ApiError(401, { code: 401, message: "Token is not valid!", data: null })
    if (!acc.active) throw new ApiError(401, { code: 401, message: "Account is not active!", data: null })
    const allowed = this.ipWhitelists.get(acc.client_id)
    if (allowed && !allowed.includes(callerIp(ctx))) {
      throw new ApiError(401, { code: 401, message: `IP ${callerIp(ctx)} is not in the whitelist of this account`, data: null })
    }
    return acc
  }

  isMember(acc: Account, shop: Shop): boolean {
    return shop.client_id === acc.client_id || shop.members.some((m) => m.client_id === acc.client_id)
  }

  can(acc: Account, shop: Shop, perm: Permission): boolean {
    if (shop.client_id === acc.client_id) return true
    const m = shop.members.find((x) => x.client_id === acc.client_id)
    return !!m && m.permissions.includes(perm)
  }

  accessibleShopIds(acc: Account): Set<number> {
    const set = new Set<number>()
    for (const s of this.state.shops) if (this.isMember(acc, s)) set.add(s._id)
    return set
  }

  /** The account's main shop: its first active own shop, else the first shop it belongs to. */
  mainShop(acc: Account): Shop | null {
    const own = this.state.shops.filter((s) => s.client_id === acc.client_id).sort((a, b) => a._id - b._id)
    const active = own.find((s) => s.status === 1)
    if (active) return active
    if (own.length) return own[0]
    const member = this.state.shops.filter((s) => s.members.some((m) => m.client_id === acc.client_id)).sort((a, b) => a._id - b._id)
    return member[0] ?? null
  }

  private headerShopId(ctx: Ctx): number | null | "invalid" {
    const h = ctx.req.headers["shopid"]
    const v = (Array.isArray(h) ? h[0] : h)?.trim()
    if (!v) return null
    if (!/^\d+$/.test(v)) return "invalid"
    return Number(v)
  }

  /**
   * ShopId required: missing -> validation line; not the caller's -> notMine code;
   * inactive -> SHOP_NO_ACTIVE.
   */
  requiredShop(ctx: Ctx, acc: Account, notMine: "CLIENT_NOT_OWNER_OF_SHOP" | "CLIENT_NOT_BELONG_OF_SHOP" = "CLIENT_NOT_OWNER_OF_SHOP"): Shop {
    const id = this.headerShopId(ctx)
    if (id === null) throw userErr("Key: 'Header.ShopID' Error:Field validation for 'ShopID' failed on the 'required' tag", ctx.lang)
    if (id === "invalid") throw userErr("Key: 'Header.ShopID' Error:Field validation for 'ShopID' failed on the 'numeric' tag", ctx.lang)
    const shop = this.shopById.get(id)
    if (!shop || !this.isMember(acc, shop)) throw coded(400, notMine, undefined, ctx.lang)
    if (shop.status !== 1) throw coded(400, "SHOP_NO_ACTIVE", undefined, ctx.lang)
    return shop
  }

  /** ShopId optional (affiliate endpoints): default main shop; must be active and the caller's. */
  optionalShop(ctx: Ctx, acc: Account): Shop {
    const id = this.headerShopId(ctx)
    if (id === "invalid") throw userErr("Key: 'Header.ShopID' Error:Field validation for 'ShopID' failed on the 'numeric' tag", ctx.lang)
    const shop = id === null ? this.mainShop(acc) : this.shopById.get(id)
    if (!shop || !this.isMember(acc, shop)) throw coded(400, "CLIENT_NOT_OWNER_OF_SHOP", undefined, ctx.lang)
    if (shop.status !== 1) throw coded(400, "SHOP_NO_ACTIVE", undefined, ctx.lang)
    return shop
  }

  /** ShopId optional (ticket endpoints): failures have the ticket shape (code, message, data null). */
  ticketShop(ctx: Ctx, acc: Account): Shop {
    const id = this.headerShopId(ctx)
    if (id === "invalid") throw plain(400, "ShopId is invalid")
    const shop = id === null ? this.mainShop(acc) : this.shopById.get(id)
    if (!shop) throw plain(403, "Shop không thuộc tài khoản")
    if (!this.isMember(acc, shop)) throw plain(403, "Shop không thuộc tài khoản")
    if (shop.status !== 1) throw plain(400, "Shop không hoạt động")
    return shop
  }

  // ------------------------------------------------------------------ faults

  useFault(ctx: Ctx, kind: keyof Fault): Fault | null {
    const f = ctx.faults.find((x) => x[kind])
    if (!f) return null
    this.consumeFault(f)
    return f
  }

  private consumeFault(f: Fault): void {
    if (f.count === undefined) return
    f.count -= 1
    if (f.count <= 0) this.faults = this.faults.filter((x) => x !== f)
  }

  setFaults(input: Array<Partial<Fault>> | Partial<Fault>, append = false): Fault[] {
    const list = Array.isArray(input) ? input : [input]
    if (!append) this.faults = []
    for (const f of list) {
      if (!f || typeof f.path !== "string" || !f.path) throw new Error("fault.path is required")
      const fault: Fault = { id: this.faultId++, path: f.path }
      if (f.method) fault.method = String(f.method).toUpperCase()
      if (typeof f.latency_ms === "number") fault.latency_ms = f.latency_ms
      if (typeof f.failure_rate === "number") fault.failure_rate = Math.max(0, Math.min(1, f.failure_rate))
      if (typeof f.failure_status === "number") fault.failure_status = f.failure_status
      if (typeof f.failure_message === "string") fault.failure_message = f.failure_message
      if (f.timeout) fault.timeout = true
      if (f.reset) fault.reset = true
      if (f.drop_after_commit) fault.drop_after_commit = true
      if (f.partial_failure) fault.partial_failure = true
      if (f.sms_fail) fault.sms_fail = true
      if (typeof f.count === "number" && f.count > 0) fault.count = Math.floor(f.count)
      this.faults.push(fault)
    }
    return this.faults
  }

  reseedFaults(seed?: number): void {
    this.rng = mulberry32(seed ?? this.opts.faultSeed ?? 42)
  }

  private matchFaults(method: string, p: string): Fault[] {
    if (this.faults.length === 0) return []
    return this.faults.filter((f) => {
      if (f.method && f.method !== method) return false
      if (f.path === "*" || f.path === p) return true
      return f.path.endsWith("*") && p.startsWith(f.path.slice(0, -1))
    })
  }

  // ------------------------------------------------------------------ state

  markDirty(): void {
    if (!this.opts.statePath) return
    if (this.saveTimer) return
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null
      void this.save()
    }, 200)
    this.saveTimer.unref?.()
  }

  /** Atomic write (temporary file + rename), serialised. */
  save(): Promise<void> {
    const file = this.opts.statePath
    if (!file) return Promise.resolve()
    if (this.saveTimer) {
      clearTimeout(this.saveTimer)
      this.saveTimer = null
    }
    const data = JSON.stringify(this.state)
    this.saving = this.saving.then(async () => {
      await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true })
      const tmp = `${file}.${process.pid}.tmp`
      await fsp.writeFile(tmp, data)
      await fsp.rename(tmp, file)
    }).catch((e) => this.log(`could not save state: ${(e as Error).message}`))
    return this.saving
  }

  /** Keeps a request's violations: unknown fields and methods always; required and type only when it was accepted. */
  private keepViolations(op: SpecOperation, found: Array<Omit<Violation, "at" | "operation">>, status: number): void {
    const at = new Date().toISOString()
    for (const v of found) {
      if ((v.rule === "required" || v.rule === "type") && (status >= 400 || status <= 0)) continue
      this.violations.push({ at, operation: op.operation, ...v })
    }
    if (this.violations.length > 1000) this.violations.splice(0, this.violations.length - 1000)
  }

  reset(): void {
    this.state = emptyState(this.md)
    this.reindex()
    this.faults = []
    this.reseedFaults()
    this.webhooks.clear()
    this.violations = []
    this.ipWhitelists.clear()
    this.requestCounts.clear()
    this.requestTimes.clear()
    this.lastEventMs = 0
    this.markDirty()
  }

  // ------------------------------------------------------------------ server

  async listen(): Promise<string> {
    const server = http.createServer((req, res) => {
      void this.handle(req, res)
    })
    server.keepAliveTimeout = 65000
    server.headersTimeout = 66000
    this.server = server
    const host = this.opts.host ?? "127.0.0.1"
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(this.opts.port ?? 5410, host, () => {
        server.off("error", reject)
        resolve()
      })
    })
    const addr = server.address()
    const port = typeof addr === "object" && addr ? addr.port : this.opts.port ?? 5410
    const shownHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host
    this.url = `http://${shownHost}:${port}`
    if (this.opts.autoAdvanceSeconds && this.opts.autoAdvanceSeconds > 0) {
      this.autoTimer = setInterval(() => this.onAutoAdvance(), this.opts.autoAdvanceSeconds * 1000)
      this.autoTimer.unref?.()
    }
    return this.url
  }

  /** set by routes-control */
  onAutoAdvance: () => void = () => undefined

  async close(): Promise<void> {
    if (this.autoTimer) clearInterval(this.autoTimer)
    this.autoTimer = null
    for (const s of this.held) s.destroy()
    this.held.clear()
    await this.webhooks.close()
    const server = this.server
    this.server = null
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    }
    await this.save()
  }

  private async readBody(req: http.IncomingMessage): Promise<Buffer> {
    const len = Number(req.headers["content-length"] ?? "-1")
    if (len === 0) return Buffer.alloc(0)
    const chunks: Buffer[] = []
    let size = 0
    for await (const c of req) {
      size += (c as Buffer).length
      if (size > MAX_BODY) throw new ApiError(413, { code: 413, message: "Request Entity Too Large", data: null })
      chunks.push(c as Buffer)
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = Date.now()
    const url = req.url ?? "/"
    const q = url.indexOf("?")
    const p = q >= 0 ? url.slice(0, q) : url
    const rawQuery = q >= 0 ? url.slice(q + 1) : ""
    const method = req.method ?? "GET"
    const ctx: Ctx = {
      req, res, method, path: p, rawQuery, query: new URLSearchParams(rawQuery), body: Buffer.alloc(0), lang: "vi", faults: [], params: [],
    }
    let status = 0
    try {
      const isControl = isControlPath(p)
      if (!isControl) {
        this.requestCounts.set(p, (this.requestCounts.get(p) ?? 0) + 1)
        const times = this.requestTimes.get(p) ?? []
        if (times.push(started) > REQUEST_TIMES_KEPT) times.shift()
        this.requestTimes.set(p, times)
        ctx.faults = this.matchFaults(method, p)
        if (this.opts.latencyMs) await delay(this.opts.latencyMs)
        for (const f of ctx.faults) {
          if (f.latency_ms) {
            this.consumeFault(f)
            await delay(f.latency_ms)
          }
        }
        const reset = ctx.faults.find((f) => f.reset)
        if (reset) {
          this.consumeFault(reset)
          req.socket.destroy() // the connection closes with no answer, as a host going down does
          return
        }
        const to = ctx.faults.find((f) => f.timeout)
        if (to) {
          this.consumeFault(to)
          this.held.add(req.socket)
          req.socket.once("close", () => this.held.delete(req.socket))
          req.resume()
          return // never answer
        }
        const fail = ctx.faults.find((f) => f.failure_rate !== undefined && f.failure_rate > 0)
        if (fail && this.rng() < fail.failure_rate!) {
          this.consumeFault(fail)
          req.resume()
          const st = fail.failure_status ?? 500
          const body = st >= 500
            ? { ...(serverError("vi", st).body as Envelope), ...(fail.failure_message ? { message: fail.failure_message } : {}) }
            : { code: st, message: fail.failure_message ?? http.STATUS_CODES[st] ?? "Error", data: null }
          status = st
          this.sendJson(res, st, body)
          return
        }
      }
      ctx.body = await this.readBody(req)
      let handler = this.routes.get(`${method} ${p}`)
      if (!handler) {
        for (const pat of this.patterns) {
          if (pat.method !== method) continue
          const m = pat.re.exec(p)
          if (m) {
            ctx.params = m.slice(1).map((x) => decodeURIComponent(x))
            handler = pat.handler
            break
          }
        }
      }
      const spec = isControl ? undefined : this.specs.get(`${method} ${p}`)
      // the strict check never changes the answer: a failure of the check itself records nothing
      const found = spec
        ? await specViolations(spec.op, ctx, this.readForm, spec.in).catch((e: Error) => {
          this.log(`strict check of ${method} ${p} failed: ${e.message}`)
          return []
        })
        : []
      let reply: Reply
      if (!handler) {
        reply = isControl ? { json: { error: `no control route ${method} ${p}` }, status: 404 } : { code: 404, message: "Not Found", data: null }
      } else {
        try {
          reply = await handler(ctx)
        } catch (e) {
          if (e instanceof ApiError) reply = e.body
          else {
            this.log(`error in ${method} ${p}: ${(e as Error).stack ?? e}`)
            reply = isControl ? { json: { error: (e as Error).message }, status: 400 } : (serverError(ctx.lang).body as Envelope)
          }
        }
      }
      if (spec) this.keepViolations(spec.op, found, replyStatus(reply))
      if (!isControl) {
        const drop = ctx.faults.find((f) => f.drop_after_commit)
        if (drop) {
          this.consumeFault(drop)
          status = -1
          req.socket.destroy()
          return
        }
      }
      status = this.send(res, reply)
    } catch (e) {
      const body = e instanceof ApiError ? e.body : (serverError().body as Envelope)
      status = this.send(res, body)
    } finally {
      if (!this.opts.quiet && !p.startsWith("/_sandbox/webhooks")) {
        this.log(`${method} ${p} -> ${status === -1 ? "dropped" : status} (${Date.now() - started} ms)`)
      }
    }
  }

  private send(res: http.ServerResponse, reply: Reply): number {
    if ((reply as RawReply).raw) {
      const r = reply as RawReply
      const headers: Record<string, string | number> = { ...(r.headers ?? {}), "content-length": Buffer.byteLength(r.body) }
      if (r.contentType) headers["content-type"] = r.contentType
      res.writeHead(r.status, headers)
      res.end(r.body)
      return r.status
    }
    if ("json" in reply && !("code" in reply)) {
      const st = reply.status ?? 200
      this.sendJson(res, st, reply.json)
      return st
    }
    const env = reply as Envelope
    this.sendJson(res, env.code, env)
    return env.code
  }

  sendJson(res: http.ServerResponse, status: number, body: unknown): void {
    const s = typeof body === "string" ? body : JSON.stringify(body)
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(s) })
    res.end(s)
  }

  // ------------------------------------------------------------------ misc

  newShopId(): number {
    return this.state.counters.shop++
  }

  isoNowMs(): string {
    return isoMs(this.now())
  }
}

function isControlPath(p: string): boolean {
  return p.startsWith("/_sandbox/") || p === "/_sandbox"
}

function replyStatus(reply: Reply): number {
  if ((reply as RawReply).raw) return (reply as RawReply).status
  if ("json" in reply && !("code" in reply)) return reply.status ?? 200
  return (reply as Envelope).code
}

export function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

/** The caller's address as GHN sees it: the socket's peer (an IPv4 address mapped into IPv6 read as IPv4). */
export function callerIp(ctx: Ctx): string {
  const a = ctx.req.socket.remoteAddress ?? ""
  return a.startsWith("::ffff:") ? a.slice(7) : a
}
