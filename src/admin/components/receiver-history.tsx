import { ArrowDownTray } from "@medusajs/icons"
import { Badge, Button, Text, toast, usePrompt } from "@medusajs/ui"
import { api, errorText, useInvalidate, useMutation, type ReceiverHistory } from "../lib/api"
import { backendHref } from "../lib/sdk"
import { useGhnTranslation } from "../lib/format"

/** "2 of 5 COD parcels came back": a receiver's history in one line (the queue's rows and the order panel). */
export function ReceiverSummary({ receiver }: { receiver: ReceiverHistory }) {
  const { t } = useGhnTranslation()
  const total = receiver.delivered + receiver.returned + receiver.refused
  const back = receiver.returned + receiver.refused
  return (
    <span className={back ? "text-ui-fg-error" : "text-ui-fg-subtle"} data-testid="ghn-receiver-summary">
      {total ? t("receiver.summary", { back, count: total, refused: receiver.refused }) : t("receiver.none")}
      {receiver.failed_attempts ? ` · ${t("receiver.attempts", { count: receiver.failed_attempts })}` : ""}
    </span>
  )
}

/**
 * The order's receiver on its GHN panel: their history with the store's COD parcels, trust (the
 * codRisk option never refuses a trusted receiver), the history as CSV, and forgetting it.
 */
export function ReceiverHistoryPanel({ receiver, orderId }: { receiver: ReceiverHistory; orderId: string }) {
  const { t } = useGhnTranslation()
  const invalidate = useInvalidate()
  const prompt = usePrompt()
  const trust = useMutation({
    mutationFn: (trusted: boolean) => api.trustReceiver(receiver.phone, trusted),
    onSuccess: async ({ receiver: now }) => {
      toast.success(now.trusted ? t("receiver.trustedDone", { phone: now.phone }) : t("receiver.untrustedDone", { phone: now.phone }))
      await invalidate(orderId)
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const forget = useMutation({
    mutationFn: () => api.forgetReceiver(receiver.phone),
    onSuccess: async () => {
      toast.success(t("receiver.forgotten", { phone: receiver.phone }))
      await invalidate(orderId)
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const confirmForget = async () => {
    if (await prompt({ title: t("receiver.forgetTitle"), description: t("receiver.forgetDescription", { phone: receiver.phone }), confirmText: t("receiver.forget"), cancelText: t("common.cancel") })) {
      forget.mutate()
    }
  }
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="ghn-receiver">
      <div className="flex flex-wrap items-center gap-2">
        <Text size="small" weight="plus">
          {t("receiver.title", { phone: receiver.phone })}
        </Text>
        {receiver.trusted ? (
          <Badge size="2xsmall" color="green" data-testid="ghn-receiver-trusted">
            {t("receiver.trusted")}
          </Badge>
        ) : null}
      </div>
      <Text size="small">
        <ReceiverSummary receiver={receiver} />
      </Text>
      <div className="flex flex-wrap gap-2">
        <Button size="small" variant="secondary" isLoading={trust.isPending} onClick={() => trust.mutate(!receiver.trusted)} data-testid="ghn-receiver-trust">
          {receiver.trusted ? t("receiver.untrust") : t("receiver.trust")}
        </Button>
        <Button size="small" variant="transparent" asChild>
          <a href={backendHref(`/admin/ghn/receivers/${encodeURIComponent(receiver.phone)}/outcomes`)} download data-testid="ghn-receiver-csv">
            <ArrowDownTray />
            {t("receiver.export")}
          </a>
        </Button>
        <Button size="small" variant="transparent" isLoading={forget.isPending} onClick={confirmForget} data-testid="ghn-receiver-forget">
          {t("receiver.forget")}
        </Button>
      </div>
    </div>
  )
}
