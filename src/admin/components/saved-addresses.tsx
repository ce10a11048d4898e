import { Badge, Button, Heading, Table, Text, toast } from "@medusajs/ui"
import { api, errorText, useAddressChoices, useInvalidate, useMutation } from "../lib/api"
import { useGhnTranslation } from "../lib/format"
import { ErrorState } from "./common"

/**
 * Customers' saved addresses that need their choice (the GHN page's "Saved addresses" tab): who,
 * the address as saved, why GHN cannot place it, and the wards the customer will choose between
 * at their next checkout; "Resolve saved addresses" runs the resolution over every customer.
 */
export function SavedAddresses() {
  const { t } = useGhnTranslation()
  const invalidate = useInvalidate()
  const query = useAddressChoices({ limit: 50 })
  const resolve = useMutation({
    mutationFn: () => api.resolveSavedAddresses(),
    onSuccess: async (answer) => {
      toast.success(t("savedAddresses.resolved", answer))
      await invalidate()
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const data = query.data
  return (
    <div className="flex flex-col" data-testid="ghn-saved-addresses">
      <div className="flex flex-col items-start justify-between gap-2 px-6 py-4 md:flex-row md:items-center">
        <div>
          <Heading>{t("savedAddresses.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("savedAddresses.subtitle")}
          </Text>
        </div>
        <Button size="small" variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => resolve.mutate()} isLoading={resolve.isPending} data-testid="ghn-saved-addresses-resolve">
          {t("savedAddresses.resolve")}
        </Button>
      </div>
      {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
      {data && !data.choices.length ? (
        <Text size="small" className="text-ui-fg-subtle px-6 pb-6" data-testid="ghn-saved-addresses-empty">
          {t("savedAddresses.empty")}
        </Text>
      ) : null}
      {data?.choices.length ? (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("savedAddresses.customer")}</Table.HeaderCell>
              <Table.HeaderCell>{t("savedAddresses.address")}</Table.HeaderCell>
              <Table.HeaderCell>{t("savedAddresses.reason")}</Table.HeaderCell>
              <Table.HeaderCell>{t("savedAddresses.candidates")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.choices.map((c) => (
              <Table.Row key={c.id} data-testid="ghn-saved-address-row">
                <Table.Cell>
                  <div className="flex flex-col">
                    <span>{c.customer.name || c.customer.email || c.customer.id}</span>
                    {c.customer.email ? <span className="text-ui-fg-muted text-xs">{c.customer.email}</span> : null}
                  </div>
                </Table.Cell>
                <Table.Cell className="whitespace-normal">{c.address}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color="orange">
                    {t(`savedAddresses.code.${c.code}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell className="whitespace-normal">
                  <ul className="list-disc pl-4">
                    {c.candidates.map((label) => (
                      <li key={label}>{label}</li>
                    ))}
                  </ul>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      ) : null}
    </div>
  )
}
