/**
 * A tiny HTTP server for the client's unit tests: it records every request (method, path,
 * headers, raw body, content type) and answers scripted responses, in order. Real HTTP on
 * 127.0.0.1, port 0: nothing in the client is stubbed.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http"
import type { Socket } from "node:net"

export interface RecordedRequest {
  method: string
  /** Path with query string, as sent. */
  url: string
  pathname: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  /** Content-Type header ("" when absent). */
  contentType: string
  body: Buffer
  text: string
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown
}

export interface ScriptedResponse {
  status?: number
  /** A JSON body (serialized). */
  json?: unknown
  /** A raw body (wins over json). Use "" for an empty body. */
  body?: string
  headers?: Record<string, string>
  /** Never answer (the socket stays open until the server closes). */
  hang?: boolean
  /** Send the status line, headers and this start of a body, then never finish. */
  stallBody?: string
  /** Destroy the connection without answering. */
  destroy?: boolean
  /** Answer after this delay. */
  delayMs?: number
}

export type Responder = (req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>

export interface RecordingServer {
  url: string
  requests: RecordedRequest[]
  /** TCP connections accepted since start (or the last reset). */
  readonly connections: number
  /** Queue responses, answered in order; when the queue is empty the fallback answers. */
  enqueue(...responses: Array<ScriptedResponse | Responder>): void
  /** Answer every unscripted request with this (default: 500 "no scripted response"). */
  setFallback(responder: ScriptedResponse | Responder): void
  reset(): void
  close(): Promise<void>
}

/** A GHN success envelope. */
export const ok = (data: unknown, extra: Record<string, unknown> = {}): ScriptedResponse => ({
  status: 200,
  json: { code: 200, message: "Success", data, ...extra },
})

/** A GHN failure envelope. */
export const fail = (
  status: number,
  message: unknown,
  code_message?: string,
  code_message_value?: string,
  data: unknown = null,
): ScriptedResponse => ({
  status,
  json: {
    code: status,
    message,
    data,
    ...(code_message !== undefined ? { code_message } : {}),
    ...(code_message_value !== undefined ? { code_message_value } : {}),
  },
})

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  let queue: Array<ScriptedResponse | Responder> = []
  let fallback: ScriptedResponse | Responder = { status: 500, json: { code: 500, message: "no scripted response", data: null } }
  const sockets = new Set<Socket>()
  let connections = 0
  const pending = new Set<ServerResponse>()

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", async () => {
      const body = Buffer.concat(chunks)
      const text = body.toString("utf8")
      const u = new URL(req.url ?? "/", "http://127.0.0.1")
      let json: unknown
      try {
        json = text ? JSON.parse(text) : undefined
      } catch {
        json = undefined
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        pathname: u.pathname,
        query: Object.fromEntries(u.searchParams),
        headers: req.headers,
        contentType: req.headers["content-type"] ?? "",
        body,
        text,
        json,
      }
      requests.push(recorded)
      const next = queue.length ? queue.shift()! : fallback
      const scripted = typeof next === "function" ? await next(recorded) : next
      if (scripted.destroy) {
        req.socket.destroy()
        return
      }
      if (scripted.stallBody !== undefined) {
        res.writeHead(scripted.status ?? 200, { "content-type": "application/json", ...(scripted.headers ?? {}) })
        res.write(scripted.stallBody)
        pending.add(res)
        return
      }
      if (scripted.hang) {
        pending.add(res)
        return
      }
      const send = () => {
        const payload = scripted.body !== undefined ? scripted.body : scripted.json !== undefined ? JSON.stringify(scripted.json) : ""
        const headers: Record<string, string> = { ...(scripted.headers ?? {}) }
        if (scripted.body === undefined && scripted.json !== undefined && !headers["content-type"]) headers["content-type"] = "application/json"
        res.writeHead(scripted.status ?? 200, headers)
        res.end(payload)
      }
      if (scripted.delayMs) setTimeout(send, scripted.delayMs)
      else send()
    })
  })
  server.on("connection", (s) => {
    sockets.add(s)
    connections++
    s.on("close", () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : 0

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections
    },
    enqueue(...responses) {
      queue.push(...responses)
    },
    setFallback(responder) {
      fallback = responder
    },
    reset() {
      requests.length = 0
      queue = []
      connections = 0
    },
    async close() {
      for (const s of sockets) s.destroy()
      pending.clear()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * One recording server for a test file: started before its tests, reset before each, closed
 * after them. The returned object forwards to the running server.
 */
export function useRecordingServer(): RecordingServer {
  let server: RecordingServer | undefined
  beforeAll(async () => {
    server = await startRecordingServer()
  })
  afterAll(async () => {
    await server?.close()
  })
  beforeEach(() => server!.reset())
  return new Proxy({} as RecordingServer, {
    get: (_target, key) => {
      if (!server) throw new Error("the recording server is used before its beforeAll ran")
      return Reflect.get(server, key)
    },
  })
}
