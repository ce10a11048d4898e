/**
 * Status webhook dispatcher: JSON POST to the configured URL with the configured headers,
 * sequential per order (in order), retried with exponential back-off on a network error,
 * a timeout or a non-2xx answer (4xx other than 408/429 are not retried). Every delivery and
 * every attempt is recorded for GET /_sandbox/webhooks.
 */
import { Agent, request } from "undici"
import type { WebhookDelivery } from "./types"

export interface DispatcherOptions {
  url: string | null
  headers: Record<string, string>
  attempts: number
  baseDelayMs: number
  maxDelayMs: number
  timeoutMs: number
  log: (msg: string) => void
}

const MAX_RECORDS = 20000

export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = []
  private nextId = 1
  private readonly queues = new Map<string, WebhookDelivery[]>()
  private readonly timers = new Set<{ t: NodeJS.Timeout; resolve: () => void }>()
  private waiters: Array<() => void> = []
  private closed = false
  private agent: Agent

  constructor(private readonly opts: DispatcherOptions) {
    this.agent = new Agent({ keepAliveTimeout: 1000, connections: 32 })
  }

  get url(): string | null {
    return this.opts.url
  }
  get headers(): Record<string, string> {
    return { ...this.opts.headers }
  }

  configure(url: string | null, headers?: Record<string, string>): void {
    this.opts.url = url || null
    if (headers) this.opts.headers = { ...headers }
  }

  enqueue(orderCode: string, type: string, body: Record<string, unknown>, createdAt: string): WebhookDelivery {
    const d: WebhookDelivery = {
      id: this.nextId++,
      order_code: orderCode,
      type,
      url: this.opts.url,
      headers: { ...this.opts.headers },
      body,
      state: this.opts.url ? "pending" : "skipped",
      attempts: [],
      created_at: createdAt,
    }
    this.deliveries.push(d)
    if (this.deliveries.length > MAX_RECORDS) {
      const idx = this.deliveries.findIndex((x) => x.state !== "pending")
      if (idx >= 0) this.deliveries.splice(idx, 1)
    }
    if (d.state === "pending" && !this.closed) {
      const q = this.queues.get(orderCode)
      if (q) q.push(d)
      else {
        this.queues.set(orderCode, [d])
        void this.run(orderCode)
      }
    }
    return d
  }

  pendingCount(): number {
    let n = 0
    for (const q of this.queues.values()) n += q.length
    return n
  }

  /** Resolves true when nothing is pending, false after timeoutMs. */
  flush(timeoutMs = 10000): Promise<boolean> {
    if (this.pendingCount() === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done)
        resolve(false)
      }, timeoutMs)
      const done = () => {
        clearTimeout(timer)
        resolve(true)
      }
      this.waiters.push(done)
    })
  }

  clear(): void {
    this.deliveries.length = 0
  }

  async close(): Promise<void> {
    this.closed = true
    for (const t of this.timers) {
      clearTimeout(t.t)
      t.resolve()
    }
    this.timers.clear()
    this.queues.clear()
    this.notify()
    await this.agent.destroy().catch(() => undefined)
  }

  private notify(): void {
    if (this.pendingCount() !== 0) return
    const w = this.waiters
    this.waiters = []
    for (const f of w) f()
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        t: setTimeout(() => {
          this.timers.delete(entry)
          resolve()
        }, ms),
        resolve,
      }
      this.timers.add(entry)
    })
  }

  private async run(orderCode: string): Promise<void> {
    const q = this.queues.get(orderCode)
    while (q && q.length && !this.closed) {
      const d = q[0]
      await this.deliver(d)
      q.shift()
    }
    if (!this.closed) this.queues.delete(orderCode)
    this.notify()
  }

  private async deliver(d: WebhookDelivery): Promise<void> {
    const payload = JSON.stringify(d.body)
    for (let attempt = 1; attempt <= this.opts.attempts && !this.closed; attempt++) {
      const started = Date.now()
      let status: number | null = null
      let text = ""
      let error: string | null = null
      try {
        const res = await request(d.url!, {
          method: "POST",
          dispatcher: this.agent,
          headers: { ...d.headers, "content-type": "application/json", "user-agent": "GHN-Sandbox-Webhook/1.0" },
          body: payload,
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: this.opts.timeoutMs,
        })
        status = res.statusCode
        text = (await res.body.text()).slice(0, 2000)
      } catch (e) {
        error = (e as Error).message || String(e)
      }
      d.attempts.push({ at: new Date().toISOString(), status, body: text, error, duration_ms: Date.now() - started })
      if (status !== null && status >= 200 && status < 300) {
        d.state = "delivered"
        return
      }
      const retryable = status === null || status >= 500 || status === 408 || status === 429
      if (!retryable) break
      if (attempt < this.opts.attempts) {
        const delay = Math.min(this.opts.baseDelayMs * 2 ** (attempt - 1), this.opts.maxDelayMs)
        this.opts.log(`webhook ${d.type} ${d.order_code} attempt ${attempt} failed (${status ?? error}); retry in ${delay} ms`)
        await this.sleep(delay)
      }
    }
    if (!this.closed) d.state = "failed"
  }
}
