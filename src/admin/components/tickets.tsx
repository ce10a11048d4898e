import { ChatBubbleLeftRight, PaperClip, PaperPlane, Plus } from "@medusajs/icons"
import { Alert, Button, Drawer, Label, RadioGroup, Select, Text, Textarea, clx, toast } from "@medusajs/ui"
import { useState } from "react"
import { api, errorText, keys, useInvalidate, useMutation, useTicket, type Conversation, type Ticket } from "../lib/api"
import { dateTime, useGhnTranslation } from "../lib/format"
import { useQueryClient } from "@tanstack/react-query"
import { AttachmentsInput, attachmentsProblems, Counter, MAX_DESCRIPTION } from "./attachments-input"
import { DrawerFooter, EmptyState, ErrorState, LoadingRows, TicketStatusBadge } from "./common"

/** GHN's four ticket categories, spelled exactly as GHN expects them (values sent as they are). */
export const TICKET_CATEGORIES = ["Tư vấn", "Khiếu nại", "Hối Giao/Lấy/Trả hàng", "Thay đổi thông tin"] as const
const CATEGORY_KEYS: Record<string, string> = {
  "Tư vấn": "advice",
  "Khiếu nại": "complaint",
  "Hối Giao/Lấy/Trả hàng": "urge",
  "Thay đổi thông tin": "change",
}

export function categoryLabel(t: (k: string, o?: Record<string, unknown>) => string, category: string) {
  const key = CATEGORY_KEYS[category]
  return key ? t(`tickets.category.${key}`) : category
}

/** The tickets of an order's GHN shipments; waiting-for-reply ones first and highlighted. */
export function TicketList({ tickets, onOpen }: { tickets: Ticket[]; onOpen: (id: number) => void }) {
  const { t, i18n } = useGhnTranslation()
  const sorted = [...tickets].sort((a, b) => Number(b.waiting_for_reply) - Number(a.waiting_for_reply))
  return (
    <ul className="divide-y" data-testid="ghn-tickets">
      {sorted.map((ticket) => (
        <li key={ticket.id}>
          <button
            type="button"
            onClick={() => onOpen(ticket.ticket_id)}
            className={clx(
              "hover:bg-ui-bg-base-hover flex w-full items-center justify-between gap-x-4 px-6 py-3 text-left",
              ticket.waiting_for_reply && "bg-ui-tag-orange-bg border-l-ui-tag-orange-icon border-l-4"
            )}
            data-testid="ghn-ticket-row"
            data-ticket-id={ticket.ticket_id}
            data-waiting={ticket.waiting_for_reply ? "true" : "false"}
          >
            <div className="min-w-0">
              <Text size="small" weight="plus">
                #{ticket.ticket_id} · {categoryLabel(t, ticket.category)}
              </Text>
              <Text size="xsmall" className="text-ui-fg-subtle truncate">
                <span className="font-mono">{ticket.order_code}</span> · {dateTime(ticket.created_at, i18n.language)} · {t("tickets.messages", { count: ticket.conversation_count })}
              </Text>
              {ticket.waiting_for_reply ? (
                <Text size="xsmall" weight="plus" className="text-ui-tag-orange-text">
                  {t("tickets.waitingHint")}
                </Text>
              ) : null}
              {ticket.sync_error ? (
                <Text size="xsmall" className="text-ui-fg-muted">
                  {t("tickets.stale")}
                </Text>
              ) : null}
            </div>
            <TicketStatusBadge statusId={ticket.status_id} />
          </button>
        </li>
      ))}
    </ul>
  )
}

type CreateProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  orderCodes: string[]
  orderId?: string | null
  onCreated?: (ticket: Ticket) => void
  /** Filled in for the merchant (the "Needs action" queue: the parcel's status and GHN's reason). */
  initialDescription?: string
}

/** Create Ticket: category, description (2,000-character counter) and up to 10 attachments, checked here and on the server. */
export function CreateTicketDrawer({ open, onOpenChange, orderCodes, orderId, onCreated, initialDescription }: CreateProps) {
  const { t } = useGhnTranslation()
  const invalidate = useInvalidate()
  const [orderCode, setOrderCode] = useState(orderCodes[0] ?? "")
  const [category, setCategory] = useState<string>("")
  const [description, setDescription] = useState(initialDescription ?? "")
  const [files, setFiles] = useState<File[]>([])
  const [error, setError] = useState<string | null>(null)
  const problems = attachmentsProblems(files, t)
  const valid = !!orderCode && !!category && description.trim().length > 0 && description.length <= MAX_DESCRIPTION && problems.ok

  const create = useMutation({
    mutationFn: () => {
      const form = new FormData()
      form.append("order_code", orderCode)
      form.append("category", category)
      form.append("description", description)
      for (const f of files) form.append("attachments", f, f.name)
      return api.createTicket(form)
    },
    onSuccess: async ({ ticket }) => {
      toast.success(t("tickets.created", { id: ticket.ticket_id }))
      await invalidate(orderId)
      setDescription("")
      setFiles([])
      setCategory("")
      onOpenChange(false)
      onCreated?.(ticket)
    },
    onError: (e) => setError(errorText(e)),
  })

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content data-testid="ghn-ticket-create">
        <Drawer.Header>
          <Drawer.Title>{t("tickets.createTitle")}</Drawer.Title>
          <Drawer.Description>{t("tickets.createDescription")}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {orderCodes.length > 1 ? (
            <div className="flex flex-col gap-y-1">
              <Label size="small">{t("tickets.orderCode")}</Label>
              <Select value={orderCode} onValueChange={setOrderCode}>
                <Select.Trigger>
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {orderCodes.map((c) => (
                    <Select.Item key={c} value={c}>
                      {c}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          ) : (
            <Text size="small">
              {t("tickets.orderCode")}: <span className="font-mono">{orderCode}</span>
            </Text>
          )}
          <div className="flex flex-col gap-y-2">
            <Label size="small">{t("tickets.categoryLabel")}</Label>
            <RadioGroup value={category} onValueChange={setCategory} data-testid="ghn-ticket-category">
              {TICKET_CATEGORIES.map((c) => (
                <div key={c} className="flex items-center gap-x-2">
                  <RadioGroup.Item value={c} id={`ghn-cat-${CATEGORY_KEYS[c]}`} data-testid={`ghn-category-${CATEGORY_KEYS[c]}`} />
                  <Label size="small" htmlFor={`ghn-cat-${CATEGORY_KEYS[c]}`}>
                    {categoryLabel(t, c)} <span className="text-ui-fg-muted">({c})</span>
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </div>
          <div className="flex flex-col gap-y-1">
            <div className="flex items-center justify-between">
              <Label size="small" htmlFor="ghn-ticket-description">
                {t("tickets.descriptionLabel")}
              </Label>
              <Counter value={description} />
            </div>
            <Textarea id="ghn-ticket-description" rows={6} value={description} onChange={(e) => setDescription(e.target.value)} aria-invalid={description.length > MAX_DESCRIPTION} data-testid="ghn-ticket-description" />
            {description.length > MAX_DESCRIPTION ? (
              <Text size="xsmall" className="text-ui-fg-error">
                {t("tickets.tooLong", { max: MAX_DESCRIPTION })}
              </Text>
            ) : null}
          </div>
          <AttachmentsInput files={files} onChange={setFiles} />
          {error ? (
            <Alert variant="error" data-testid="ghn-ticket-error">
              {error}
            </Alert>
          ) : null}
        </Drawer.Body>
        <DrawerFooter>
          <Button size="small" disabled={!valid} isLoading={create.isPending} onClick={() => (setError(null), create.mutate())} data-testid="ghn-ticket-submit">
            {t("tickets.submit")}
          </Button>
        </DrawerFooter>
      </Drawer.Content>
    </Drawer>
  )
}

function Message({ entry }: { entry: Conversation }) {
  const { t, i18n } = useGhnTranslation()
  // GHN records the store's replies as the customer's (no support user id); support answers carry theirs.
  const mine = !entry.user_id
  return (
    <li className={clx("flex flex-col gap-y-1 rounded-lg p-3", mine ? "bg-ui-bg-subtle ml-8" : "bg-ui-bg-component mr-8 border")} data-testid="ghn-message">
      <Text size="xsmall" className="text-ui-fg-muted">
        {mine ? t("tickets.you") : t("tickets.support")}
        {entry.from_email ? ` (${entry.from_email})` : ""}
        {entry.created_at ? ` · ${dateTime(entry.created_at, i18n.language)}` : ""}
      </Text>
      <Text size="small" className="whitespace-pre-wrap break-words">
        {entry.body}
      </Text>
      {entry.attachments?.length ? (
        <ul className="flex flex-wrap gap-2">
          {entry.attachments.map((a, i) => (
            <li key={i}>
              {a.attachment_url && /^https?:\/\//i.test(a.attachment_url) ? (
                <a href={a.attachment_url} target="_blank" rel="noreferrer" className="text-ui-fg-interactive flex items-center gap-x-1 text-xs">
                  <PaperClip />
                  {a.name ?? t("attachments.file")}
                </a>
              ) : (
                <Text size="xsmall" className="text-ui-fg-subtle flex items-center gap-x-1">
                  <PaperClip />
                  {a.name ?? t("attachments.file")}
                </Text>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** A ticket: GHN's public conversation and the store's reply. */
export function TicketDrawer({ ticketId, onOpenChange, orderId }: { ticketId: number | null; onOpenChange: (open: boolean) => void; orderId?: string | null }) {
  const { t, i18n } = useGhnTranslation()
  const query = useTicket(ticketId)
  const client = useQueryClient()
  const invalidate = useInvalidate()
  const [reply, setReply] = useState("")
  const [files, setFiles] = useState<File[]>([])
  const [error, setError] = useState<string | null>(null)
  const problems = attachmentsProblems(files, t)
  const ticket = query.data?.ticket

  const send = useMutation({
    mutationFn: () => {
      const form = new FormData()
      form.append("description", reply)
      for (const f of files) form.append("attachments", f, f.name)
      return api.replyTicket(ticketId!, form)
    },
    onSuccess: async () => {
      toast.success(t("tickets.replied"))
      setReply("")
      setFiles([])
      await client.invalidateQueries({ queryKey: keys.ticket(ticketId!) })
      await invalidate(orderId)
    },
    onError: (e) => setError(errorText(e)),
  })

  return (
    <Drawer open={ticketId !== null} onOpenChange={onOpenChange}>
      <Drawer.Content data-testid="ghn-ticket-drawer">
        <Drawer.Header>
          <Drawer.Title>{ticket?.ghn?.title ?? (ticketId ? `#${ticketId}` : "")}</Drawer.Title>
          <Drawer.Description>
            {ticket ? (
              <span className="flex items-center gap-x-2">
                #{ticket.ticket_id} · {categoryLabel(t, ticket.category)} <TicketStatusBadge statusId={ticket.status_id} />
              </span>
            ) : (
              t("common.loading")
            )}
          </Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {query.isLoading ? <LoadingRows rows={4} /> : null}
          {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
          {ticket ? (
            <>
              {ticket.waiting_for_reply ? (
                <Alert variant="warning" data-testid="ghn-ticket-waiting">
                  {t("tickets.waitingAlert")}
                </Alert>
              ) : null}
              <div className="flex flex-col gap-y-1">
                <Text size="xsmall" className="text-ui-fg-muted">
                  {t("tickets.openedOn", { date: dateTime(ticket.created_at, i18n.language) })}
                </Text>
                <Text size="small" className="whitespace-pre-wrap" data-testid="ghn-ticket-description-text">
                  {ticket.description}
                </Text>
              </div>
              <div>
                <Text size="xsmall" weight="plus" className="text-ui-fg-muted mb-2 uppercase">
                  {t("tickets.conversation")}
                </Text>
                {ticket.conversations?.length ? (
                  <ul className="flex flex-col gap-y-2" data-testid="ghn-conversation">
                    {ticket.conversations.map((c, i) => (
                      <Message key={i} entry={c} />
                    ))}
                  </ul>
                ) : (
                  <Text size="small" className="text-ui-fg-subtle">
                    {t("tickets.noConversation")}
                  </Text>
                )}
              </div>
              {ticket.status_id !== 3 ? (
                <div className="flex flex-col gap-y-2 border-t pt-4">
                  <div className="flex items-center justify-between">
                    <Label size="small" htmlFor="ghn-ticket-reply">
                      {t("tickets.replyLabel")}
                    </Label>
                    <Counter value={reply} />
                  </div>
                  <Textarea id="ghn-ticket-reply" rows={4} value={reply} onChange={(e) => setReply(e.target.value)} data-testid="ghn-ticket-reply" />
                  <AttachmentsInput files={files} onChange={setFiles} testId="ghn-reply-attachments" />
                  {error ? (
                    <Alert variant="error" data-testid="ghn-reply-error">
                      {error}
                    </Alert>
                  ) : null}
                </div>
              ) : (
                <Alert variant="success">{t("tickets.done")}</Alert>
              )}
            </>
          ) : null}
        </Drawer.Body>
        <DrawerFooter closeLabel={t("common.close")}>
          {ticket && ticket.status_id !== 3 ? (
            <Button
              size="small"
              disabled={!reply.trim() || reply.length > MAX_DESCRIPTION || !problems.ok}
              isLoading={send.isPending}
              onClick={() => (setError(null), send.mutate())}
              data-testid="ghn-ticket-send"
            >
              <PaperPlane />
              {t("tickets.send")}
            </Button>
          ) : null}
        </DrawerFooter>
      </Drawer.Content>
    </Drawer>
  )
}

export { ChatBubbleLeftRight, Plus, EmptyState }
